package org.openmark.txn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianChooserTest {

    @Test
    void nextRank_manyDraws_frequenciesMatchTheZipfLaw() {
        ZipfianChooser z = new ZipfianChooser(50, ZipfianChooser.DEFAULT_THETA);
        SplittableRandom random = new SplittableRandom(7);
        int draws = 200_000;
        long[] counts = new long[50];
        for (int i = 0; i < draws; i++) {
            counts[(int) z.nextRank(random)]++;
        }
        // Ranks 0 and 1 are drawn exactly; the closed form approximates the rest, overweighting
        // rank 2 by about 14% at this size (as YCSB's generator, which uses the same method).
        for (int rank = 0; rank < 10; rank++) {
            double p = z.probability(rank);
            double expected = draws * p;
            double sigma = Math.sqrt(draws * p * (1 - p));
            double tolerance = 4 * sigma + (rank < 2 ? 0 : 0.15 * expected);
            assertEquals(expected, counts[rank], tolerance, "rank " + rank);
        }
        double headExpected = 0;
        long head = 0;
        for (int rank = 0; rank < 5; rank++) {
            headExpected += z.probability(rank);
            head += counts[rank];
        }
        assertEquals(headExpected, head / (double) draws, 0.03, "the top 10% of ranks carry Zipf's share");
        assertTrue(counts[0] > counts[1] && counts[1] > counts[5] && counts[5] > counts[40]);
    }

    @Test
    void next_limitBelowItems_alwaysBelowTheLimit() {
        ZipfianChooser z = new ZipfianChooser(100, ZipfianChooser.DEFAULT_THETA);
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            long k = z.next(random, 30);
            assertTrue(k >= 0 && k < 30, "key " + k);
        }
    }

    @Test
    void next_sameSeed_sameSequence() {
        ZipfianChooser z = new ZipfianChooser(1000, ZipfianChooser.DEFAULT_THETA);
        SplittableRandom a = new SplittableRandom(3);
        SplittableRandom b = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            assertEquals(z.next(a, 1000), z.next(b, 1000));
        }
    }

    @Test
    void next_scrambled_mostPopularAccountIsNotAlwaysTheFirst() {
        ZipfianChooser z = new ZipfianChooser(1000, ZipfianChooser.DEFAULT_THETA);
        SplittableRandom random = new SplittableRandom(5);
        long[] counts = new long[1000];
        for (int i = 0; i < 50_000; i++) {
            counts[(int) z.next(random, 1000)]++;
        }
        int hottest = 0;
        for (int k = 1; k < counts.length; k++) {
            if (counts[k] > counts[hottest]) {
                hottest = k;
            }
        }
        assertTrue(hottest != 0, "ranks are spread over the key space");
        assertEquals(50_000 * z.probability(0), counts[hottest], 0.15 * 50_000 * z.probability(0));
    }
}
