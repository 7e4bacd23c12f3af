package org.openmark.compare;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Statistics that hold for latency measured interval by interval. Consecutive intervals of a
 * run are not independent (a slow second tends to follow a slow second), so a test that treats
 * them as independent samples claims differences that are not there.
 *
 * <ul>
 * <li><b>Means</b> (and rates): Welch's t-test on the interval means, each run's sample size
 *     replaced by its effective size {@code n·(1−ρ)/(1+ρ)}, where ρ is the lag-1 autocorrelation of
 *     its interval means (the AR(1) correction; ρ < 0 is taken as 0).</li>
 * <li><b>Percentiles</b>: a moving-block bootstrap over intervals (blocks of ⌈n^(1/3)⌉ consecutive
 *     intervals keep the autocorrelation inside each resample). Each resample adds the resampled
 *     intervals' histograms and takes the percentile of the sum, so the statistic is the exact
 *     merged percentile, never an average of percentiles. The 95 % interval of the relative change
 *     is the 2.5 and 97.5 % quantiles of the candidate's resampled percentile over the baseline's.</li>
 * </ul>
 */
final class IntervalStatistics {
    /** Two-sided confidence level of every interval. */
    static final double CONFIDENCE = 0.95;

    private IntervalStatistics() {
    }

    /**
     * A relative change with its 95 % confidence interval ({@code ciLow..ciHigh} of the same ratio
     * minus one) and the two-sided p-value of "no change".
     */
    record Change(double baseline, double candidate, double relative, double ciLow, double ciHigh, double pValue) {
    }

    /** Welch's test on the per-interval values with AR(1)-effective sample sizes. */
    static Change means(double[] a, double[] b) {
        double ma = mean(a);
        double mb = mean(b);
        double va = variance(a, ma);
        double vb = variance(b, mb);
        double na = effectiveSize(a, ma, va);
        double nb = effectiveSize(b, mb, vb);
        double se2 = va / na + vb / nb;
        double relative = ma == 0 ? 0 : mb / ma - 1;
        if (se2 <= 0 || ma == 0) {
            return new Change(ma, mb, relative, relative, relative, relative == 0 ? 1 : 0);
        }
        double df = se2 * se2 / ((va / na) * (va / na) / Math.max(1, na - 1) + (vb / nb) * (vb / nb)
                / Math.max(1, nb - 1));
        TDistribution dist = new TDistribution(Math.max(1, df));
        double half = dist.inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * Math.sqrt(se2);
        double p = 2 * dist.cumulativeProbability(-Math.abs(mb - ma) / Math.sqrt(se2));
        return new Change(ma, mb, relative, (mb - ma - half) / ma, (mb - ma + half) / ma, p);
    }

    /** The effective sample size of an autocorrelated series (at least 2, at most n). */
    static double effectiveSize(double[] x, double mean, double variance) {
        int n = x.length;
        if (n < 3 || variance <= 0) {
            return Math.max(1, n);
        }
        double c1 = 0;
        for (int i = 1; i < n; i++) {
            c1 += (x[i] - mean) * (x[i - 1] - mean);
        }
        double rho = Math.max(0, Math.min(0.99, c1 / ((n - 1) * variance)));
        return Math.max(2, Math.min(n, n * (1 - rho) / (1 + rho)));
    }

    /** A percentile of the two runs with its block-bootstrap interval. */
    static Change percentile(List<Histogram> a, List<Histogram> b, double p, int resamples, long seed) {
        Buckets buckets = new Buckets(a, b);
        long[][] ia = buckets.counts(a);
        long[][] ib = buckets.counts(b);
        double qa = buckets.percentile(sum(ia, buckets.size()), p);
        double qb = buckets.percentile(sum(ib, buckets.size()), p);
        double relative = qa == 0 ? 0 : qb / qa - 1;
        if (ia.length == 0 || ib.length == 0 || qa == 0) {
            return new Change(qa, qb, relative, relative, relative, 1);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[resamples];
        long[] scratch = new long[buckets.size()];
        for (int r = 0; r < resamples; r++) {
            double ra = buckets.percentile(resample(ia, random, scratch), p);
            double rb = buckets.percentile(resample(ib, random, scratch), p);
            ratios[r] = ra == 0 ? 0 : rb / ra - 1;
        }
        java.util.Arrays.sort(ratios);
        double lo = ratios[(int) Math.floor((1 - CONFIDENCE) / 2 * (resamples - 1))];
        double hi = ratios[(int) Math.ceil((1 - (1 - CONFIDENCE) / 2) * (resamples - 1))];
        // The bootstrap's two-sided p-value: how often a resample crossed to the other side of
        // "no change" (at least one resample's worth, the bootstrap's resolution).
        long atOrBelow = java.util.Arrays.stream(ratios).filter(x -> x <= 0).count();
        long atOrAbove = java.util.Arrays.stream(ratios).filter(x -> x >= 0).count();
        double pValue = Math.min(1, Math.max(1.0 / resamples, 2.0 * Math.min(atOrBelow, atOrAbove) / resamples));
        return new Change(qa, qb, relative, lo, hi, pValue);
    }

    /** One moving-block resample of the intervals, summed into {@code into} (which it returns). */
    private static long[] resample(long[][] intervals, SplittableRandom random, long[] into) {
        java.util.Arrays.fill(into, 0);
        int n = intervals.length;
        int block = Math.max(1, (int) Math.ceil(Math.cbrt(n)));
        int taken = 0;
        while (taken < n) {
            int start = random.nextInt(Math.max(1, n - block + 1));
            for (int i = start; i < start + block && taken < n; i++, taken++) {
                long[] c = intervals[i];
                for (int k = 0; k < c.length; k += 2) {
                    into[(int) c[k]] += c[k + 1];
                }
            }
        }
        return into;
    }

    private static long[] sum(long[][] intervals, int size) {
        long[] total = new long[size];
        for (long[] c : intervals) {
            for (int k = 0; k < c.length; k += 2) {
                total[(int) c[k]] += c[k + 1];
            }
        }
        return total;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return x.length == 0 ? 0 : s / x.length;
    }

    private static double variance(double[] x, double mean) {
        if (x.length < 2) {
            return 0;
        }
        double s = 0;
        for (double v : x) {
            s += (v - mean) * (v - mean);
        }
        return s / (x.length - 1);
    }

    /**
     * The distinct recorded values of both runs' intervals, as one index, so resamples add small
     * count arrays instead of histograms.
     */
    private static final class Buckets {
        private final long[] values;
        private final TreeMap<Long, Integer> index = new TreeMap<>();

        Buckets(List<Histogram> a, List<Histogram> b) {
            java.util.TreeSet<Long> all = new java.util.TreeSet<>();
            for (List<Histogram> run : List.of(a, b)) {
                for (Histogram h : run) {
                    for (HistogramIterationValue v : h.recordedValues()) {
                        all.add(v.getValueIteratedTo());
                    }
                }
            }
            values = new long[all.size()];
            int i = 0;
            for (long v : all) {
                index.put(v, i);
                values[i++] = v;
            }
        }

        int size() {
            return values.length;
        }

        /** Each interval as pairs (bucket, count). */
        long[][] counts(List<Histogram> intervals) {
            long[][] out = new long[intervals.size()][];
            for (int i = 0; i < out.length; i++) {
                java.util.List<Long> pairs = new java.util.ArrayList<>();
                for (HistogramIterationValue v : intervals.get(i).recordedValues()) {
                    pairs.add((long) index.get(v.getValueIteratedTo()));
                    pairs.add(v.getCountAtValueIteratedTo());
                }
                out[i] = pairs.stream().mapToLong(Long::longValue).toArray();
            }
            return out;
        }

        /** The value at percentile {@code p} of the counts, by HdrHistogram's own rule (so it matches the reports). */
        double percentile(long[] counts, double p) {
            long total = 0;
            for (long c : counts) {
                total += c;
            }
            if (total == 0) {
                return 0;
            }
            long target = Math.max(1, (long) (p / 100.0 * total + 0.5));
            long seen = 0;
            for (int i = 0; i < counts.length; i++) {
                seen += counts[i];
                if (seen >= target) {
                    return values[i];
                }
            }
            return values[values.length - 1];
        }
    }
}
