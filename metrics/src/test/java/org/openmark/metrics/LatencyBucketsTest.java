package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.measure.Measurements;

class LatencyBucketsTest {

    @Test
    void nativeIndex_powersOfTwo_areTheirBucketsUpperBound() {
        // bucket i at schema s holds (2^((i-1)/2^s), 2^(i/2^s)]
        assertEquals(0, LatencyBuckets.nativeIndex(1.0, 5));
        assertEquals(32, LatencyBuckets.nativeIndex(2.0, 5));
        assertEquals(-32, LatencyBuckets.nativeIndex(0.5, 5));
        assertEquals(3, LatencyBuckets.nativeIndex(8.0, 0));
        assertEquals(-10, LatencyBuckets.nativeIndex(Math.scalb(1.0, -10), 0));
    }

    @Test
    void nativeIndex_betweenBounds_roundsUp() {
        assertEquals(1, LatencyBuckets.nativeIndex(1.5, 0)); // (1, 2]
        assertEquals(1, LatencyBuckets.nativeIndex(1.0000001, 5));
        assertEquals(32, LatencyBuckets.nativeIndex(1.99, 5));
        // 2^(1/32) = 1.021897...: just below it is bucket 1, just above bucket 2
        assertEquals(1, LatencyBuckets.nativeIndex(1.0218, 5));
        assertEquals(2, LatencyBuckets.nativeIndex(1.0220, 5));
        // 1 ms = 2^-9.9658: at schema 0 in (2^-10, 2^-9]
        assertEquals(-9, LatencyBuckets.nativeIndex(0.001, 0));
    }

    @Test
    void halve_pairsOfBuckets_becomeOne() {
        Map<Integer, Long> b = new TreeMap<>(Map.of(-3, 1L, -2, 2L, -1, 4L, 0, 8L, 1, 16L, 2, 32L, 3, 64L));
        // schema s-1's bucket j holds schema s's buckets 2j-1 and 2j
        assertEquals(new TreeMap<>(Map.of(-1, 3L, 0, 12L, 1, 48L, 2, 64L)), LatencyBuckets.halve(b));
    }

    @Test
    void snapshot_hdrValues_countedInBothKindsOfBuckets() {
        Histogram h = Measurements.newHistogram();
        h.recordValueWithCount(0, 2);        // under a microsecond: the zero bucket
        h.recordValueWithCount(100, 5);      // 100 us: classic le=0.0001
        h.recordValueWithCount(3_000, 3);    // 3 ms: classic le=0.005
        h.recordValueWithCount(20_000_000, 1); // 20 s: only +Inf
        LatencyBuckets b = new LatencyBuckets();
        b.add(h);
        b.add(h);
        HistogramDataPointSnapshot p = b.snapshot(Labels.EMPTY);
        assertEquals(22, p.getCount());
        long[] expected = new long[LatencyBuckets.CLASSIC_UPPER_BOUNDS.length];
        expected[0] = 4; // 0 us <= 10 us
        expected[LatencyBuckets.classicIndex(0.0001)] = 10;
        expected[LatencyBuckets.classicIndex(0.005)] = 6;
        expected[expected.length - 1] = 2;
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], p.getClassicBuckets().getCount(i), "bucket le=" + LatencyBuckets.CLASSIC_UPPER_BOUNDS[i]);
        }
        assertEquals(5, p.getNativeSchema());
        assertEquals(4, p.getNativeZeroCount());
        assertEquals(3, p.getNativeBucketsForPositiveValues().size());
        assertEquals(LatencyBuckets.nativeIndex(h.highestEquivalentValue(100) / 1e6, 5),
                p.getNativeBucketsForPositiveValues().getBucketIndex(0));
        assertEquals(10, p.getNativeBucketsForPositiveValues().getCount(0));
        assertEquals(2 * h.getMean() * h.getTotalCount() / 1e6, p.getSum(), 1e-9);
    }

    @Test
    void snapshot_wideRange_lowersTheSchemaUntilFewBucketsRemain() {
        Histogram h = Measurements.newHistogram();
        for (long us = 1; us < 100_000_000L; us = us * 21 / 20 + 1) {
            h.recordValue(us);
        }
        LatencyBuckets b = new LatencyBuckets();
        b.add(h);
        HistogramDataPointSnapshot p = b.snapshot(Labels.EMPTY);
        // 1 us .. 100 s is 26.6 doublings, values 5 % apart: every bucket of schemas 5, 4 and 3 holds one
        // (about 375, 370, 213 buckets), schema 2 has 4 per doubling (107)
        assertEquals(2, p.getNativeSchema());
        long n = 0;
        for (int i = 0; i < p.getNativeBucketsForPositiveValues().size(); i++) {
            n += p.getNativeBucketsForPositiveValues().getCount(i);
        }
        assertEquals(h.getTotalCount(), n);
    }
}
