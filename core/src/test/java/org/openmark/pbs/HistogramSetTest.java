package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HistogramSetTest {
    private static final double RESOLUTION = 1.0 / (1 << HistogramSet.SUB_BITS);

    @Test
    void valueAtFraction_randomValues_withinBucketResolutionAboveExactQuantile() {
        SplittableRandom rng = new SplittableRandom(11);
        int count = 100_000;
        double[] values = new double[count];
        HistogramSet h = new HistogramSet(1);
        for (int i = 0; i < count; i++) {
            // log-uniform over 8 decades, like latencies from microseconds to minutes
            values[i] = Math.pow(10, -3 + 8 * rng.nextDouble());
            h.record(0, values[i]);
        }
        Arrays.sort(values);
        long[][] fractions = {{1, 2}, {99, 100}, {999, 1000}, {1, 1}};
        for (long[] f : fractions) {
            int rank = (int) ((count * f[0] + f[1] - 1) / f[1]);
            double exact = values[rank - 1];
            double got = h.valueAtFraction(0, f[0], f[1], count);
            assertTrue(got >= exact && got <= exact * (1 + RESOLUTION), f[0] + "/" + f[1] + ": " + got + " vs " + exact);
        }
    }

    @Test
    void valueAtFraction_allEqual_isExact() {
        HistogramSet h = new HistogramSet(2);
        for (int i = 0; i < 1000; i++) {
            h.record(1, 12.345);
        }
        assertEquals(12.345, h.valueAtFraction(1, 999, 1000, 1000));
        assertEquals(12.345, h.valueAtFraction(1, 1, 2, 1000));
    }

    @Test
    void valueAtFraction_unrecordedValues_countAsZero() {
        HistogramSet h = new HistogramSet(1);
        for (int i = 1; i <= 10; i++) {
            h.record(0, i);
        }
        // 1000 values of which 990 are zeros that were never recorded
        assertEquals(0, h.valueAtFraction(0, 99, 100, 1000));
        // rank 999 is the second largest: 9
        assertEquals(9, h.valueAtFraction(0, 999, 1000, 1000), 9 * RESOLUTION);
        assertEquals(10, h.valueAtFraction(0, 1, 1, 1000));
    }

    @Test
    void valueAtFraction_rankRoundsUpInIntegers() {
        HistogramSet h = new HistogramSet(1);
        for (int i = 1; i <= 100; i++) {
            h.record(0, i);
        }
        // 0.99 * 100 in doubles is 99.00000000000001; the 99th value must win, not the 100th
        assertEquals(99, h.valueAtFraction(0, 99, 100, 100), 99 * RESOLUTION);
    }

    @Test
    void add_twoHalves_equalsTheWhole() {
        SplittableRandom rng = new SplittableRandom(5);
        HistogramSet whole = new HistogramSet(1);
        HistogramSet left = new HistogramSet(1);
        HistogramSet right = new HistogramSet(1);
        for (int i = 0; i < 10_000; i++) {
            double x = rng.nextExponential();
            whole.record(0, x);
            (i % 2 == 0 ? left : right).record(0, x);
        }
        left.add(right);
        for (long num : new long[] {1, 500, 990, 999, 1000}) {
            assertEquals(whole.valueAtFraction(0, num, 1000, 10_000), left.valueAtFraction(0, num, 1000, 10_000));
        }
    }

    @Test
    void index_upperEdge_bracketTheValue() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            double x = Math.scalb(1 + rng.nextDouble(), rng.nextInt(HistogramSet.MIN_EXP, HistogramSet.MAX_EXP + 1));
            int index = HistogramSet.index(x);
            assertTrue(HistogramSet.upperEdge(index) > x, "edge above " + x);
            assertTrue(HistogramSet.upperEdge(index - 1) <= x, "previous edge at or below " + x);
            assertTrue(HistogramSet.upperEdge(index) <= x * (1 + 2 * RESOLUTION), "bucket narrow at " + x);
        }
        assertEquals(0, HistogramSet.index(0));
        assertEquals(0, HistogramSet.index(-1));
        assertEquals(HistogramSet.BUCKETS - 1, HistogramSet.index(1e300));
    }
}
