package org.openmark.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One latency series as a Prometheus histogram, accumulated from the interval collector's
 * HdrHistograms (microseconds): classic buckets for latency (10 us to 10 s) and native (sparse,
 * exponential) buckets, so that a scraper that reads protobuf gets a native histogram and any
 * other the classic one.
 *
 * <p>Why not the client's own {@code Histogram}: it takes one {@code observe} per value, so
 * feeding it a recorded interval would cost one call per operation, at millions of operations a
 * second; the values are already recorded (in HdrHistogram, exactly), so they are added here per
 * distinct value, and the library's model, formats and server do the rest. Each value counts in
 * the buckets at HdrHistogram's highest equivalent value, the value its percentiles report.
 *
 * <p>Native buckets are kept at schema {@value #MAX_SCHEMA} (32 per doubling, 2.2 % wide) and
 * halved in resolution, as Prometheus's clients do, until at most {@value #MAX_NATIVE_BUCKETS}
 * remain. Bucket {@code i} at schema {@code s} holds the values in {@code (2^((i-1)/2^s), 2^(i/2^s)]}
 * seconds; a value of 0 (under a microsecond) goes to the zero bucket.
 */
final class LatencyBuckets {
    /** Classic upper bounds in seconds: 1-2.5-5 steps from 10 us to 10 s, then +Inf. */
    static final double[] CLASSIC_UPPER_BOUNDS = {
        0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
        0.25, 0.5, 1, 2.5, 5, 10, Double.POSITIVE_INFINITY};
    static final int MAX_SCHEMA = 5;
    static final int MAX_NATIVE_BUCKETS = 160;

    private final long[] classic = new long[CLASSIC_UPPER_BOUNDS.length];
    /** Native bucket index at {@link #MAX_SCHEMA} to its count. */
    private final TreeMap<Integer, Long> nativeCounts = new TreeMap<>();
    private long zeroCount;
    private long count;
    private double sumSeconds;

    /** Adds an interval's values (microseconds). */
    void add(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue v : micros.recordedValues()) {
            long n = v.getCountAtValueIteratedTo();
            long value = v.getValueIteratedTo();
            double seconds = value / 1e6;
            classic[classicIndex(seconds)] += n;
            if (value == 0) {
                zeroCount += n;
            } else {
                nativeCounts.merge(nativeIndex(seconds, MAX_SCHEMA), n, Long::sum);
            }
        }
        count += micros.getTotalCount();
        sumSeconds += micros.getMean() * micros.getTotalCount() / 1e6;
    }

    /** Operations added so far. */
    long count() {
        return count;
    }

    /** The first classic bucket whose upper bound is at least {@code seconds}. */
    static int classicIndex(double seconds) {
        int i = 0;
        while (seconds > CLASSIC_UPPER_BOUNDS[i]) {
            i++;
        }
        return i;
    }

    /** The native bucket holding {@code seconds} (> 0) at {@code schema}: ceil(log2(seconds) * 2^schema). */
    static int nativeIndex(double seconds, int schema) {
        int exponent = Math.getExponent(seconds);
        double mantissa = seconds / Math.scalb(1.0, exponent); // in [1, 2)
        int perDoubling = 1 << schema;
        if (mantissa == 1.0) {
            return exponent * perDoubling; // an exact power of two is its bucket's upper bound
        }
        return exponent * perDoubling + (int) Math.ceil(Math.log(mantissa) / Math.log(2) * perDoubling);
    }

    /** The data point as Prometheus's model has it, labelled {@code labels}. */
    HistogramDataPointSnapshot snapshot(Labels labels) {
        int schema = MAX_SCHEMA;
        Map<Integer, Long> buckets = nativeCounts;
        while (buckets.size() > MAX_NATIVE_BUCKETS && schema > -4) {
            buckets = halve(buckets);
            schema--;
        }
        int[] indexes = new int[buckets.size()];
        long[] counts = new long[buckets.size()];
        int i = 0;
        for (Map.Entry<Integer, Long> e : buckets.entrySet()) {
            indexes[i] = e.getKey();
            counts[i++] = e.getValue();
        }
        return new HistogramDataPointSnapshot(ClassicHistogramBuckets.of(CLASSIC_UPPER_BOUNDS, classic.clone()),
                schema, zeroCount, 0.0, NativeHistogramBuckets.of(indexes, counts), NativeHistogramBuckets.EMPTY,
                sumSeconds, labels, Exemplars.EMPTY, 0L);
    }

    /** The same buckets at half the resolution (schema - 1): buckets 2j-1 and 2j become bucket j. */
    static TreeMap<Integer, Long> halve(Map<Integer, Long> buckets) {
        TreeMap<Integer, Long> out = new TreeMap<>();
        buckets.forEach((index, n) -> out.merge((index + 1) >> 1, n, Long::sum));
        return out;
    }
}
