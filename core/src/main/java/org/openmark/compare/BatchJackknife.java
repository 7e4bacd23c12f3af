package org.openmark.compare;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One run's figure with the variance of its logarithm: a delete-a-batch jackknife over contiguous
 * stretches of the run, as many as its bursts and its memory allow. Pure and deterministic.
 *
 * <h2>Implementation notes</h2>
 * <ul>
 * <li>The run's measured intervals are cut into {@code b} contiguous batches of (nearly) equal
 *     numbers of intervals ({@link BatchCounts}). The figure is computed on the whole run and on the
 *     run without each batch in turn (HdrHistogram's own percentile of the merged counts, never an
 *     average); the jackknife variance of its logarithm is {@code (b−1)/b · Σ (θ₍ⱼ₎ − θ̄)²}, with
 *     {@code b − 1} degrees of freedom.</li>
 * <li>How many batches ({@link #batches}): a tenth of the bursts that reached the run's p90
 *     ({@link TailBursts}) and a third of its intervals over their memory (the integrated
 *     autocorrelation time of the interval means), at least {@link #MIN_BATCHES}, at most
 *     {@link #MAX_BATCHES} and the number of intervals. Consecutive intervals are not independent
 *     (a queue near saturation remembers a burst for seconds; a level may wander slowly under each
 *     interval's noise), and a run's percentiles and mean are set by its bursts; a batch that holds
 *     some ten of them, and lasts three times the run's memory, is nearly independent of the next
 *     and typical of the run. A run of independent operations gets the most batches and the
 *     narrowest honest interval; a bursty one few, and the t distribution with 2 degrees of freedom
 *     pays for how little three long batches say.</li>
 * <li>Measured while choosing, on 150 A/A pairs per case (docs/compare.md): 3 batches always kept
 *     the family-wise false alarms at 0–6 % but, with t on 2 degrees of freedom, a change must be
 *     some 10 to 20 times its standard error to pass Holm's correction over ten figures; 10 batches
 *     always raised 17–20 % on hyperexponential arrivals near saturation; the batches from the
 *     bursts alone 30 % on a level wandering as an AR(1) series with φ 0.8; the bootstrap over
 *     single intervals with an effective sample size from their autocorrelation (the method
 *     before) 26 %.</li>
 * <li>Why a jackknife of the statistic rather than a linearisation: the p99 of a bursty run
 *     behaves like a maximum over its bursts, so the variance of its influence function (what a
 *     bootstrap of intervals or a batch mean of shares estimates) came out at 0.6 of the real
 *     run-to-run spread; the jackknife recomputes the percentile itself.</li>
 * </ul>
 */
final class BatchJackknife {
    /** The fewest batches: their t distribution has at least 2 degrees of freedom. */
    static final int MIN_BATCHES = 3;
    /** The most batches: more add little once the t distribution has 19 degrees of freedom. */
    static final int MAX_BATCHES = 20;
    /** How many of the bursts that reached the run's p90 a batch should hold. */
    static final double BURSTS_PER_BATCH = 10;
    /** How many times the run's memory (its integrated autocorrelation time) a batch should last. */
    static final double MEMORIES_PER_BATCH = 3;

    private BatchJackknife() {
    }

    /**
     * How many batches the run of {@code intervals} can be cut into: a tenth of the bursts above
     * its p90 ({@link TailBursts}), and a third of its intervals over their memory (the integrated
     * autocorrelation time of the interval means, {@link Autocorrelation}), at least
     * {@link #MIN_BATCHES}, at most {@link #MAX_BATCHES} and the number of intervals.
     */
    static int batches(List<Histogram> intervals) {
        Histogram total = org.openmark.measure.Measurements.newHistogram();
        intervals.forEach(total::add);
        double p90Bursts = total.getTotalCount() == 0 ? 0 : TailBursts.effective(intervals,
                total.getValueAtPercentile(90));
        double[] means = intervals.stream().filter(h -> h.getTotalCount() > 0).mapToDouble(Histogram::getMean)
                .toArray();
        double memory = means.length == 0 ? 1 : means.length / Autocorrelation.effectiveSize(means);
        return batches(intervals.size(), p90Bursts, memory);
    }

    /** The rule of {@link #batches(List)}: {@code intervals}, the bursts above p90, the memory in intervals. */
    static int batches(int intervals, double p90Bursts, double memoryIntervals) {
        double b = Math.min(p90Bursts / BURSTS_PER_BATCH, intervals / (MEMORIES_PER_BATCH * memoryIntervals));
        return (int) Math.max(MIN_BATCHES, Math.min(Math.min(MAX_BATCHES, intervals), Math.floor(b)));
    }

    /**
     * The figure {@code statistic} of the run whose measured intervals are {@code intervals} (OK
     * latencies of one operation) spanning {@code spans}, jackknifed over {@code b} batches;
     * not judged when a batch of a latency has no operation.
     */
    static FigureEstimate estimate(List<Histogram> intervals, List<RunData.Interval> spans, Statistic statistic,
            int b) {
        return estimate(intervals, spans, List.of(statistic), b).get(0);
    }

    /** The figures {@code statistics} of one run, jackknifed over the same {@code b} batches. */
    static List<FigureEstimate> estimate(List<Histogram> intervals, List<RunData.Interval> spans,
            List<Statistic> statistics, int b) {
        int n = intervals.size();
        BatchCounts counts = BatchCounts.of(intervals, spans, Math.min(b, Math.max(1, n)));
        boolean emptyBatch = n < b;
        for (int j = 0; j < counts.batches(); j++) {
            emptyBatch |= counts.count(j) == 0;
        }
        List<FigureEstimate> out = new java.util.ArrayList<>();
        for (Statistic statistic : statistics) {
            double value = counts.of(statistic, -1);
            // A batch without operations has no latency; for a rate it is a stretch of outage, and counts.
            if (n < b || emptyBatch && !(statistic instanceof Statistic.Rate)) {
                out.add(new FigureEstimate(value, statistic.log(value), Double.NaN, b - 1, "a stretch of the run has no"
                        + " such operation"));
                continue;
            }
            double[] leftOut = new double[b];
            double mean = 0;
            for (int j = 0; j < b; j++) {
                leftOut[j] = statistic.log(counts.of(statistic, j));
                mean += leftOut[j] / b;
            }
            double sum = 0;
            for (double x : leftOut) {
                sum += (x - mean) * (x - mean);
            }
            double variance = (b - 1.0) / b * sum;
            out.add(new FigureEstimate(value, statistic.log(value), variance, b - 1, Double.isFinite(variance) ? null
                    : "a stretch of the run has none"));
        }
        return out;
    }
}
