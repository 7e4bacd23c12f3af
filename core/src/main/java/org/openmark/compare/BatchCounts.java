package org.openmark.compare;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run's intervals in batches, as small count arrays over the run's distinct recorded buckets,
 * so the figures of the run without each batch cost a pass over a few hundred buckets instead of
 * a copy of a histogram each. Mean and percentiles follow HdrHistogram's own rules exactly (the
 * mean over each bucket's median equivalent value, the percentile at the bucket where the
 * count reaches {@code ceil(p/100·N)}), so the whole run's figures are the reports' figures.
 */
final class BatchCounts {
    private final long[] highest;
    private final double[] median;
    private final long[][] batch;
    private final long[] total;
    private final double[] batchSeconds;
    private final double seconds;

    private BatchCounts(long[] highest, double[] median, long[][] batch, double[] batchSeconds) {
        this.highest = highest;
        this.median = median;
        this.batch = batch;
        this.batchSeconds = batchSeconds;
        this.total = new long[highest.length];
        double s = 0;
        for (int j = 0; j < batch.length; j++) {
            for (int k = 0; k < total.length; k++) {
                total[k] += batch[j][k];
            }
            s += batchSeconds[j];
        }
        this.seconds = s;
    }

    /** {@code intervals} spanning {@code spans} in {@code b} contiguous batches of (nearly) equal numbers of intervals. */
    static BatchCounts of(List<Histogram> intervals, List<RunData.Interval> spans, int b) {
        TreeSet<Long> values = new TreeSet<>();
        Histogram any = null;
        for (Histogram h : intervals) {
            for (HistogramIterationValue v : h.recordedValues()) {
                values.add(v.getValueIteratedTo());
                any = h;
            }
        }
        long[] highest = values.stream().mapToLong(Long::longValue).toArray();
        double[] median = new double[highest.length];
        for (int k = 0; k < highest.length; k++) {
            median[k] = any.medianEquivalentValue(highest[k]);
        }
        int n = intervals.size();
        long[][] batch = new long[b][highest.length];
        double[] batchSeconds = new double[b];
        for (int i = 0; i < n; i++) {
            int j = (int) ((long) i * b / n);
            batchSeconds[j] += spans.get(i).lengthSeconds();
            for (HistogramIterationValue v : intervals.get(i).recordedValues()) {
                batch[j][Arrays.binarySearch(highest, v.getValueIteratedTo())] += v.getCountAtValueIteratedTo();
            }
        }
        return new BatchCounts(highest, median, batch, batchSeconds);
    }

    int batches() {
        return batch.length;
    }

    /** Operations in batch {@code j}. */
    long count(int j) {
        long n = 0;
        for (long c : batch[j]) {
            n += c;
        }
        return n;
    }

    /** The figure on the whole run ({@code without} −1) or on the run without batch {@code without}. */
    double of(Statistic statistic, int without) {
        long[] counts = without < 0 ? total : minus(batch[without]);
        double span = without < 0 ? seconds : seconds - batchSeconds[without];
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return switch (statistic) {
            case Statistic.Rate r -> span > 0 ? n / span : Double.NaN;
            case Statistic.Mean m -> n == 0 ? Double.NaN : mean(counts, n);
            case Statistic.Percentile p -> n == 0 ? Double.NaN : percentile(counts, n, p.p());
        };
    }

    private long[] minus(long[] b) {
        long[] out = total.clone();
        for (int k = 0; k < out.length; k++) {
            out[k] -= b[k];
        }
        return out;
    }

    private double mean(long[] counts, long n) {
        double sum = 0;
        for (int k = 0; k < counts.length; k++) {
            sum += counts[k] * median[k];
        }
        return sum / n;
    }

    /** HdrHistogram's rule: the bucket at which the running count reaches ceil(p/100·N), at least 1. */
    private double percentile(long[] counts, long n, double p) {
        double requested = Math.min(Math.max(Math.nextAfter(p, Double.NEGATIVE_INFINITY), 0), 100);
        long target = Math.max(1, (long) Math.ceil(requested / 100 * n));
        long seen = 0;
        for (int k = 0; k < counts.length; k++) {
            seen += counts[k];
            if (seen >= target) {
                return highest[k];
            }
        }
        return highest[highest.length - 1];
    }
}
