package org.openmark.compare;

/**
 * One figure of one operation in two runs: the baseline's, the candidate's, the relative change
 * with its 95 % confidence interval, and what that means. A figure can be shown without being
 * tested ({@code untested} says why): a maximum, the open model's throughput (the schedule sets
 * it), a figure the runs hold too little evidence about, or a service time equal to the response
 * time in both sides (one figure, tested once); its interval and p-value are then NaN.
 *
 * @param metric e.g. {@code response mean (us)}, {@code response p99 (us)}, {@code throughput (ops/s)}
 * @param higherIsWorse true for latencies, false for throughput
 * @param pValue the two-sided p-value of "no change" for this figure alone
 * @param significant whether the change is significant among all the figures of the comparison
 *     (Holm's correction keeps the chance of any false alarm in a comparison at 5 %)
 * @param method how the interval was computed (for the output: a reader must know)
 * @param untested null for a tested figure, else its verdict, e.g. {@code not tested}
 */
public record MetricChange(String metric, boolean higherIsWorse, double baseline, double candidate, double relative,
        double ciLow, double ciHigh, double pValue, boolean significant, String method, String untested) {

    /** The verdict of a maximum: it is shown, not tested. */
    public static final String NOT_TESTED = "not tested";
    /** The verdict of a figure the runs hold too little evidence about (a warning says why). */
    public static final String NOT_ENOUGH_DATA = "not enough data";

    /** A tested figure, not yet judged. */
    static MetricChange tested(String metric, boolean higherIsWorse, IntervalStatistics.Change c, String method) {
        return new MetricChange(metric, higherIsWorse, c.baseline(), c.candidate(), c.relative(), c.ciLow(),
                c.ciHigh(), c.pValue(), false, method, null);
    }

    /** A figure shown side by side, with {@code verdict} instead of a test. */
    static MetricChange shown(String metric, boolean higherIsWorse, double baseline, double candidate, String method,
            String verdict) {
        double relative = baseline == 0 ? 0 : candidate / baseline - 1;
        return new MetricChange(metric, higherIsWorse, baseline, candidate, relative, Double.NaN, Double.NaN,
                Double.NaN, false, method, verdict);
    }

    /** Whether it was tested. */
    public boolean isTested() {
        return untested == null;
    }

    /** The same figure judged significant or not. */
    MetricChange judged(boolean isSignificant) {
        return new MetricChange(metric, higherIsWorse, baseline, candidate, relative, ciLow, ciHigh, pValue,
                isSignificant, method, untested);
    }

    /** The same figure, not tested, with {@code verdict}. */
    MetricChange untested(String verdict) {
        return new MetricChange(metric, higherIsWorse, baseline, candidate, relative, Double.NaN, Double.NaN,
                Double.NaN, false, method, verdict);
    }

    /** True when the candidate is significantly worse (slower, or less throughput). */
    public boolean worse() {
        return significant() && (higherIsWorse ? relative > 0 : relative < 0);
    }

    /** {@code slower}, {@code faster}, {@code no significant difference}, or why it is not tested. */
    public String verdict() {
        if (!isTested()) {
            return untested;
        }
        if (!significant()) {
            return "no significant difference";
        }
        return worse() ? (higherIsWorse ? "slower" : "less throughput") : (higherIsWorse ? "faster" : "more throughput");
    }
}
