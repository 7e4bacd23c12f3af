package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HotspotGeneratorTest {

    @ParameterizedTest
    @CsvSource({"0.2, 0.8", "0.1, 0.9", "0.5, 0.5", "0.3, 0.95"})
    void nextLong_fractions_matchHotDataAndOperationShares(double data, double ops) {
        long min = 1_000;
        long items = 10_000;
        HotspotGenerator g = new HotspotGenerator(min, min + items - 1, data, ops);
        long hotEnd = min + (long) (items * data);
        SplittableRandom random = new SplittableRandom(31);
        int draws = 200_000;
        int hot = 0;
        long[] hotBuckets = new long[10];
        long[] coldBuckets = new long[10];
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= min && v < min + items, "value " + v);
            if (v < hotEnd) {
                hot++;
                hotBuckets[(int) ((v - min) * 10 / (hotEnd - min))]++;
            } else {
                coldBuckets[(int) ((v - hotEnd) * 10 / (min + items - hotEnd))]++;
            }
        }
        assertEquals(ops, hot / (double) draws, 0.005);
        double[] flat = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        ChiSquare.assertFits(flat, hotBuckets, "uniform within the hot set");
        ChiSquare.assertFits(flat, coldBuckets, "uniform within the cold set");
    }

    @Test
    void nextLong_emptyHotSet_drawsOnlyCold() {
        HotspotGenerator g = new HotspotGenerator(0, 99, 0.0, 0.8);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= 0 && v <= 99);
        }
        assertEquals(0, g.hotCount());
    }

    @Test
    void nextLong_wholeRangeHot_drawsInRange() {
        HotspotGenerator g = new HotspotGenerator(0, 99, 1.0, 0.3);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= 0 && v <= 99);
        }
    }

    @Test
    void constructor_fractionAboveOne_throws() {
        assertThrows(IllegalArgumentException.class, () -> new HotspotGenerator(0, 9, 1.5, 0.5));
    }
}
