package org.openmark.compare;

/**
 * A side of several runs of the same configuration: its figure is the geometric mean of the
 * runs' figures, and the variance of its logarithm is the runs' own spread, {@code s²/k} with
 * {@code k − 1} degrees of freedom. The runs are independent (other seeds, other processes), so
 * this holds whatever happens inside a run: bursts, a slow level, a stall; it asks no model of
 * the dependence. Pure and deterministic.
 */
final class BetweenRuns {
    private BetweenRuns() {
    }

    /** The side's estimate from each run's figure {@code values}; NaN values make it not judged. */
    static FigureEstimate of(double[] values, Statistic statistic) {
        int k = values.length;
        double mean = 0;
        for (double v : values) {
            mean += statistic.log(v) / k;
        }
        double sum = 0;
        for (double v : values) {
            double d = statistic.log(v) - mean;
            sum += d * d;
        }
        double variance = k > 1 ? sum / (k - 1) / k : Double.NaN;
        FigureEstimate e = new FigureEstimate(Math.exp(mean), mean, variance, k - 1, null);
        return Double.isFinite(variance) ? e : e.notJudged("a run has no such operation");
    }
}
