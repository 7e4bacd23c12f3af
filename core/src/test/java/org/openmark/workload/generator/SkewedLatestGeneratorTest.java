package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SkewedLatestGeneratorTest {

    @Test
    void nextLong_fixedNewest_favoursTheNewestItems() {
        long newest = 1_000;
        SkewedLatestGenerator g = new SkewedLatestGenerator(() -> newest, 0.99);
        SplittableRandom random = new SplittableRandom(8);
        int draws = 200_000;
        long[] byDistance = new long[(int) newest];
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= 1 && v <= newest, "value " + v);
            byDistance[(int) (newest - v)]++;
        }
        // distance 0 (the newest item) is the most popular, then 1, 2 …
        assertTrue(byDistance[0] > byDistance[1] && byDistance[1] > byDistance[2] && byDistance[2] > byDistance[10]);
        assertEquals(1 / Zeta.of(newest, 0.99), byDistance[0] / (double) draws, 0.004);
        long newestTenth = 0;
        for (int d = 0; d < newest / 10; d++) {
            newestTenth += byDistance[d];
        }
        // the newest 10% of items get far more than 10% of the draws (about 69% for zipf 0.99)
        assertEquals(Zeta.of(newest / 10, 0.99) / Zeta.of(newest, 0.99), newestTenth / (double) draws, 0.03);
    }

    @Test
    void nextLong_newestGrows_followsTheNewItems() {
        AtomicLong newest = new AtomicLong(100);
        SkewedLatestGenerator g = new SkewedLatestGenerator(newest::get, 0.99);
        SplittableRandom random = new SplittableRandom(9);
        newest.set(5_000);
        int draws = 50_000;
        int newestHits = 0;
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= 1 && v <= 5_000, "value " + v);
            newestHits += v == 5_000 ? 1 : 0;
        }
        assertEquals(1 / Zeta.of(5_000, 0.99), newestHits / (double) draws, 0.006);
    }
}
