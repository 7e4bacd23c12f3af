package org.openmark.compare;

import org.HdrHistogram.Histogram;

/**
 * What a figure computes from a stretch of a run: a latency statistic of the merged histogram of
 * its OK operations, or their rate. The percentile is HdrHistogram's own (the value the run's
 * reports print), never an average of interval percentiles.
 */
sealed interface Statistic permits Statistic.Mean, Statistic.Percentile, Statistic.Rate {
    /** The figure of the operations {@code h} that ended over {@code seconds}; NaN when it has none. */
    double of(Histogram h, double seconds);

    /**
     * The logarithm the tests work on: latencies below 1 µs (the histograms' resolution; the
     * simulated store can answer in 0) count as 1 µs.
     */
    default double log(double value) {
        return Math.log(Math.max(value, 1));
    }

    /** The mean latency. */
    record Mean() implements Statistic {
        @Override
        public double of(Histogram h, double seconds) {
            return h.getTotalCount() == 0 ? Double.NaN : h.getMean();
        }
    }

    /** The latency at percentile {@code p} (0..100). */
    record Percentile(double p) implements Statistic {
        @Override
        public double of(Histogram h, double seconds) {
            return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p);
        }
    }

    /** Operations per second. */
    record Rate() implements Statistic {
        @Override
        public double of(Histogram h, double seconds) {
            return seconds > 0 ? h.getTotalCount() / seconds : Double.NaN;
        }

        /** A rate has no resolution to round up to: 0 has no logarithm. */
        @Override
        public double log(double value) {
            return Math.log(value);
        }
    }
}
