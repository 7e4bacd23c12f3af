package org.openmark.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One run's percentiles of one operation, each with the standard error of its logarithm: a
 * bootstrap over the run's intervals, widened for their autocorrelation.
 *
 * <h2>Implementation notes</h2>
 * <ul>
 * <li>The statistic is the exact merged percentile: a resample draws n of the run's n intervals
 *     with replacement, adds their histograms and takes the percentile of the sum, never an
 *     average of percentiles. All the percentiles come from the same resamples.</li>
 * <li>Resampling whole intervals treats them as independent. They are not (a slow second tends to
 *     follow a slow second), so the bootstrap's variance is multiplied by {@code n/n_eff}, the
 *     integrated autocorrelation time of {@link IntervalStatistics#effectiveSize}, of the
 *     percentile's influence series: per interval, the share of its operations at or below the
 *     run's percentile (the quantity whose average a percentile inverts). This is the means'
 *     correction, applied to what a percentile averages. A moving-block bootstrap (blocks of
 *     {@code n^(1/3)} intervals) was used before: a 10-interval run has three blocks and a few dozen
 *     distinct resamples, and on strongly autocorrelated runs the few blocks missed half the
 *     variance; its intervals were too narrow in both cases.</li>
 * <li>The variance is also multiplied by {@code n/(n−1)}: a bootstrap's variance is low by that
 *     factor, as a variance divided by n instead of n−1 is.</li>
 * <li>Degrees of freedom for the comparison: {@code n_eff − 1}.</li>
 * </ul>
 */
final class PercentileBootstrap {
    private PercentileBootstrap() {
    }

    /**
     * One percentile of one run.
     *
     * @param value the merged percentile (microseconds)
     * @param logSe the standard error of {@code ln(value)}
     * @param effectiveIntervals the effective number of independent intervals behind it
     */
    record Estimate(double value, double logSe, double effectiveIntervals) {
    }

    /**
     * The percentiles {@code ps} (ascending) of the merged {@code intervals}, with their standard
     * errors; intervals without operations are left out (they carry no latency).
     */
    static Estimate[] estimate(List<Histogram> intervals, double[] ps, int resamples, long seed) {
        Buckets buckets = Buckets.of(intervals);
        long[][] counts = buckets.counts();
        int n = counts.length;
        double[] values = buckets.percentiles(buckets.sum(counts, new long[buckets.size()], null), ps);
        Estimate[] out = new Estimate[ps.length];
        if (n == 0) {
            Arrays.fill(out, new Estimate(0, 0, 0));
            return out;
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[][] logs = new double[ps.length][resamples];
        long[] scratch = new long[buckets.size()];
        int[] chosen = new int[n];
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < n; i++) {
                chosen[i] = random.nextInt(n);
            }
            double[] q = buckets.percentiles(buckets.sum(counts, scratch, chosen), ps);
            for (int j = 0; j < ps.length; j++) {
                logs[j][r] = Math.log(Math.max(1, q[j]));
            }
        }
        double bessel = n > 1 ? (double) n / (n - 1) : 1;
        for (int j = 0; j < ps.length; j++) {
            double effective = IntervalStatistics.effectiveSize(buckets.shareAtOrBelow(counts, values[j]));
            double m = IntervalStatistics.mean(logs[j]);
            double variance = IntervalStatistics.variance(logs[j], m) * bessel * n / effective;
            out[j] = new Estimate(values[j], Math.sqrt(variance), effective);
        }
        return out;
    }

    /**
     * The distinct recorded values of a run's intervals as one index, so resamples add small count
     * arrays instead of histograms.
     */
    private static final class Buckets {
        private final long[] values;
        private final long[][] counts;

        private Buckets(long[] values, long[][] counts) {
            this.values = values;
            this.counts = counts;
        }

        static Buckets of(List<Histogram> intervals) {
            TreeSet<Long> all = new TreeSet<>();
            List<Histogram> used = new ArrayList<>();
            for (Histogram h : intervals) {
                if (h.getTotalCount() == 0) {
                    continue;
                }
                used.add(h);
                for (HistogramIterationValue v : h.recordedValues()) {
                    all.add(v.getValueIteratedTo());
                }
            }
            long[] values = all.stream().mapToLong(Long::longValue).toArray();
            long[][] counts = new long[used.size()][];
            for (int i = 0; i < counts.length; i++) {
                List<long[]> pairs = new ArrayList<>();
                for (HistogramIterationValue v : used.get(i).recordedValues()) {
                    pairs.add(new long[] {Arrays.binarySearch(values, v.getValueIteratedTo()),
                        v.getCountAtValueIteratedTo()});
                }
                long[] flat = new long[2 * pairs.size()];
                for (int k = 0; k < pairs.size(); k++) {
                    flat[2 * k] = pairs.get(k)[0];
                    flat[2 * k + 1] = pairs.get(k)[1];
                }
                counts[i] = flat;
            }
            return new Buckets(values, counts);
        }

        int size() {
            return values.length;
        }

        /** Each interval as pairs (bucket, count). */
        long[][] counts() {
            return counts;
        }

        /** The intervals {@code chosen} (all, when null) added into {@code into}, which is returned. */
        long[] sum(long[][] intervals, long[] into, int[] chosen) {
            Arrays.fill(into, 0);
            int n = chosen == null ? intervals.length : chosen.length;
            for (int i = 0; i < n; i++) {
                long[] c = intervals[chosen == null ? i : chosen[i]];
                for (int k = 0; k < c.length; k += 2) {
                    into[(int) c[k]] += c[k + 1];
                }
            }
            return into;
        }

        /** Per interval, the share of its operations at or below {@code value}. */
        double[] shareAtOrBelow(long[][] intervals, double value) {
            double[] out = new double[intervals.length];
            for (int i = 0; i < intervals.length; i++) {
                long below = 0;
                long total = 0;
                long[] c = intervals[i];
                for (int k = 0; k < c.length; k += 2) {
                    total += c[k + 1];
                    if (values[(int) c[k]] <= value) {
                        below += c[k + 1];
                    }
                }
                out[i] = (double) below / total;
            }
            return out;
        }

        /**
         * The values at percentiles {@code ps} (ascending) of the counts, by HdrHistogram's own rule
         * (so they match the reports); 0 when there are no counts.
         */
        double[] percentiles(long[] counts, double[] ps) {
            double[] out = new double[ps.length];
            long total = 0;
            for (long c : counts) {
                total += c;
            }
            if (total == 0) {
                return out;
            }
            long seen = 0;
            int i = 0;
            for (int j = 0; j < ps.length; j++) {
                long target = Math.max(1, (long) (ps[j] / 100.0 * total + 0.5));
                while (i < counts.length - 1 && seen + counts[i] < target) {
                    seen += counts[i++];
                }
                out[j] = values[i];
            }
            return out;
        }
    }
}
