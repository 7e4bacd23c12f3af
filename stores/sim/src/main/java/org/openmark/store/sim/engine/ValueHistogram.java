package org.openmark.store.sim.engine;

import org.HdrHistogram.Histogram;

/**
 * An HdrHistogram (3 significant digits) plus the exact count, sum and maximum, so means and
 * maxima in the ground truth are exact and only percentiles are approximate. Single-threaded.
 */
public final class ValueHistogram {
    private final Histogram histogram;
    private long sum;
    private long max;

    ValueHistogram() {
        this(new Histogram(3), 0, 0);
    }

    private ValueHistogram(Histogram histogram, long sum, long max) {
        this.histogram = histogram;
        this.sum = sum;
        this.max = max;
    }

    void record(long value) {
        histogram.recordValue(value);
        sum += value;
        max = Math.max(max, value);
    }

    ValueHistogram copy() {
        return new ValueHistogram(histogram.copy(), sum, max);
    }

    /** How many values were recorded. */
    public long count() {
        return histogram.getTotalCount();
    }

    /** The exact sum. */
    public long sum() {
        return sum;
    }

    /** The exact maximum (0 when empty). */
    public long max() {
        return max;
    }

    /** The exact mean (0 when empty). */
    public double mean() {
        long n = count();
        return n == 0 ? 0 : sum / (double) n;
    }

    /** A copy of the histogram. */
    public Histogram histogram() {
        return histogram.copy();
    }

    /** A summary with nanosecond values shown as milliseconds. */
    TruthReport.Summary summaryMs() {
        if (count() == 0) {
            return new TruthReport.Summary(0, 0, 0, 0, 0, 0);
        }
        return new TruthReport.Summary(ms(mean()), ms(percentile(50)), ms(percentile(90)), ms(percentile(99)),
                ms(percentile(99.9)), ms(max));
    }

    private long percentile(double p) {
        // Never report a percentile above the exact maximum (the histogram rounds up within its bucket).
        return Math.min(histogram.getValueAtPercentile(p), max);
    }

    private static double ms(double nanos) {
        return nanos / 1_000_000.0;
    }
}
