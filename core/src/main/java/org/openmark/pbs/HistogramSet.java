package org.openmark.pbs;

import java.util.Arrays;

/**
 * Several histograms of non-negative doubles in one flat array, with log-linear buckets taken
 * straight from the bits of the double: the exponent picks a power of two and the top
 * {@value #SUB_BITS} mantissa bits split it into 512 buckets, so a bucket is at most 0.2% of
 * its value wide. Recording is a shift, a compare and an increment (tens of millions per
 * second). A quantile is the upper edge of the bucket holding the requested rank, clamped to
 * the histogram's recorded maximum: never below the exact sample quantile and at most 0.2%
 * above it (exact when all values are equal, and for the maximum). Single-threaded;
 * {@link #add} merges.
 */
final class HistogramSet {
    static final int SUB_BITS = 9;
    /** Smallest resolved value 2^-20 ms (about 1 ns); smaller positive values share one bucket. */
    static final int MIN_EXP = -20;
    /** Values of 2^40 ms (about 35 years) and more share one overflow bucket. */
    static final int MAX_EXP = 39;
    private static final int ZERO = 0;
    private static final int TINY = 1;
    private static final int FIRST = 2;
    private static final long KEY_BASE = (long) (MIN_EXP + 1023) << SUB_BITS;
    private static final int OVERFLOW = FIRST + ((MAX_EXP - MIN_EXP + 1) << SUB_BITS);
    /** Buckets per histogram. */
    static final int BUCKETS = OVERFLOW + 1;

    private final int count;
    private final int[] counts;
    private final double[] max;

    /** {@code count} empty histograms. */
    HistogramSet(int count) {
        this.count = count;
        this.counts = new int[count * BUCKETS];
        this.max = new double[count];
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
    }

    /** Records {@code x} (values {@code <= 0} count as 0) in histogram {@code h}. */
    void record(int h, double x) {
        counts[h * BUCKETS + index(x)]++;
        if (x > max[h]) {
            max[h] = x;
        }
    }

    /** Adds every histogram of {@code other} (same count) to this one's. */
    void add(HistogramSet other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        for (int h = 0; h < count; h++) {
            max[h] = Math.max(max[h], other.max[h]);
        }
    }

    /**
     * The value at the fraction {@code numerator/denominator} (999/1000: p99.9) of histogram
     * {@code h}, which holds {@code total} values; values that were never recorded count as 0
     * (callers may skip recording zeros).
     */
    double valueAtFraction(int h, long numerator, long denominator, long total) {
        // ceil(total * num / den) in integers: 0.99 * 100 in doubles is 99.00000000000001
        long rank = Math.max(1, (total * numerator + denominator - 1) / denominator);
        long neededFromTop = total - rank + 1;
        if (!(max[h] > 0)) {
            return 0;
        }
        // scan down from the maximum's bucket: high quantiles are a few buckets away, and a
        // short loop matters in a just-started JVM, where it is still interpreted
        int base = h * BUCKETS;
        long seen = 0;
        for (int i = index(max[h]); i > ZERO; i--) {
            seen += counts[base + i];
            if (seen >= neededFromTop) {
                // the bucket's edge is >= every value in it, so only the maximum can tighten it
                return Math.min(max[h], upperEdge(i));
            }
        }
        return 0;
    }

    /** The bucket of {@code x}. */
    static int index(double x) {
        if (x <= 0) {
            return ZERO;
        }
        long offset = (Double.doubleToRawLongBits(x) >>> (52 - SUB_BITS)) - KEY_BASE;
        if (offset < 0) {
            return TINY;
        }
        return offset >= OVERFLOW - FIRST ? OVERFLOW : FIRST + (int) offset;
    }

    /** The smallest value above every value of bucket {@code index}. */
    static double upperEdge(int index) {
        if (index == ZERO) {
            return 0;
        }
        if (index == TINY) {
            return Math.scalb(1.0, MIN_EXP);
        }
        if (index == OVERFLOW) {
            return Double.POSITIVE_INFINITY;
        }
        return Double.longBitsToDouble((KEY_BASE + (index - FIRST) + 1) << (52 - SUB_BITS));
    }
}
