package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZipfianGeneratorTest {

    private static double[] zipfPmf(int items, double theta) {
        double[] pmf = new double[items];
        for (int k = 0; k < items; k++) {
            pmf[k] = Math.pow(k + 1, -theta);
        }
        return pmf;
    }

    private static long[] histogram(ZipfianGenerator g, long min, int items, int draws, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] counts = new long[items];
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= min && v < min + items, "value " + v + " outside [" + min + ", " + (min + items) + ")");
            counts[(int) (v - min)]++;
        }
        return counts;
    }

    /**
     * The exact pmf of Gray et al.'s method over n items, derived in the other direction: for each
     * rank, the length of the interval of u that maps to it. u < 1/zeta gives rank 1, u < (1 + 2^-theta)/zeta
     * rank 2, and above that rank floor(n (eta (u - 1) + 1)^(1/(1-theta))) + 1, which is at least j + 1
     * exactly when u >= 1 - (1 - (j/n)^(1-theta)) / eta.
     */
    private static double[] grayPmf(int n, double theta) {
        return grayPmf(n, n, theta);
    }

    /** As {@link #grayPmf(int, double)}, with eta's (2/n) term taken at {@code etaN} items (YCSB after growth). */
    private static double[] grayPmf(int n, long etaN, double theta) {
        double zeta = Zeta.of(n, theta);
        double zeta2 = 1 + Math.pow(0.5, theta);
        double eta = (1 - Math.pow(2.0 / etaN, 1 - theta)) / (1 - zeta2 / zeta);
        double u2 = zeta2 / zeta;
        double[] pmf = new double[n];
        pmf[0] = 1 / zeta;
        pmf[1] = Math.pow(0.5, theta) / zeta;
        for (int j = 0; j < n; j++) {
            double from = Math.max(u2, 1 - (1 - Math.pow((double) j / n, 1 - theta)) / eta);
            double to = j == n - 1 ? 1.0 : Math.max(u2, 1 - (1 - Math.pow((double) (j + 1) / n, 1 - theta)) / eta);
            pmf[j] += Math.max(0, Math.min(1, to) - Math.min(1, from));
        }
        return pmf;
    }

    @ParameterizedTest
    @CsvSource({"0.99, 11", "0.5, 12", "0.8, 13"})
    void nextLong_ranks_fitGrayMethodPmf(double theta, long seed) {
        int items = 20;
        ZipfianGenerator g = new ZipfianGenerator(100, 100 + items - 1, theta);
        long[] counts = histogram(g, 100, items, 200_000, seed);
        ChiSquare.assertFits(grayPmf(items, theta), counts, "zipfian theta " + theta);
    }

    @Test
    void nextLong_manyItems_staysNearTrueZipfPmf() {
        // Gray's method approximates ranks >= 3; per power-of-two rank bin it stays within 15% of zipf
        int items = 4096;
        double theta = 0.99;
        ZipfianGenerator g = new ZipfianGenerator(0, items - 1, theta);
        long[] counts = histogram(g, 0, items, 400_000, 17);
        double[] zipf = zipfPmf(items, theta);
        double zeta = Zeta.of(items, theta);
        for (int lo = 1; 2 * lo <= items; lo *= 2) {
            double expected = 0;
            long observed = 0;
            for (int rank = lo; rank < 2 * lo; rank++) {
                expected += zipf[rank - 1] / zeta;
                observed += counts[rank - 1];
            }
            double share = observed / 400_000.0;
            assertEquals(expected, share, 0.15 * expected, "ranks " + lo + ".." + (2 * lo - 1));
        }
    }

    @Test
    void nextLong_wideRange_fitsGrayMethodPmf() {
        int items = 200;
        double theta = 0.99;
        ZipfianGenerator g = new ZipfianGenerator(0, items - 1, theta);
        long[] counts = histogram(g, 0, items, 300_000, 23);
        ChiSquare.assertFits(grayPmf(items, theta), counts, "zipfian over 200 items");
    }

    @Test
    void nextLong_firstTwoRanks_haveExactZipfProbabilities() {
        // Gray's method is exact for ranks 1 and 2 at any item count
        int items = 10_000;
        double theta = 0.99;
        ZipfianGenerator g = new ZipfianGenerator(0, items - 1, theta);
        SplittableRandom random = new SplittableRandom(5);
        int draws = 400_000;
        long first = 0;
        long second = 0;
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            first += v == 0 ? 1 : 0;
            second += v == 1 ? 1 : 0;
        }
        double zeta = Zeta.of(items, theta);
        assertEquals(1 / zeta, first / (double) draws, 0.003);
        assertEquals(Math.pow(2, -theta) / zeta, second / (double) draws, 0.003);
    }

    @Test
    void nextLong_growingItemCountRecomputeEta_drawsGrayPmfOfTheLargerRange() {
        double theta = 0.99;
        ZipfianGenerator grown = new ZipfianGenerator(0, 9, theta, ZipfianGenerator.Eta.RECOMPUTE);
        SplittableRandom random = new SplittableRandom(3);
        grown.nextLong(random, 15);
        grown.nextLong(random, 5_000);
        assertEquals(5_000, grown.itemCount());
        assertEquals(Zeta.of(5_000, theta), grown.zetaN(), 1e-9);

        int items = 30;
        ZipfianGenerator g = new ZipfianGenerator(0, 4, theta, ZipfianGenerator.Eta.RECOMPUTE);
        SplittableRandom r = new SplittableRandom(21);
        long[] counts = new long[items];
        for (int i = 0; i < 200_000; i++) {
            long v = g.nextLong(r, items);
            counts[(int) v]++;
        }
        ChiSquare.assertFits(grayPmf(items, theta), counts, "grown zipfian");
    }

    @Test
    void nextLong_growingItemCountYcsbEta_drawsGrayPmfWithTheInitialCountInEta() {
        double theta = 0.99;
        int items = 30;
        ZipfianGenerator g = new ZipfianGenerator(0, 4, theta);
        SplittableRandom r = new SplittableRandom(22);
        long[] counts = new long[items];
        for (int i = 0; i < 200_000; i++) {
            counts[(int) g.nextLong(r, items)]++;
        }
        // YCSB's smaller eta skips some low ranks altogether: those must never be drawn
        double[] pmf = grayPmf(items, 5, theta);
        int reachable = 0;
        for (int k = 0; k < items; k++) {
            if (pmf[k] == 0) {
                assertEquals(0, counts[k], "rank " + k + " has probability 0");
            } else {
                pmf[reachable] = pmf[k];
                counts[reachable++] = counts[k];
            }
        }
        assertTrue(reachable < items, "some ranks are unreachable with YCSB's eta");
        ChiSquare.assertFits(java.util.Arrays.copyOf(pmf, reachable), java.util.Arrays.copyOf(counts, reachable),
                "grown zipfian, YCSB's eta");
    }

    /**
     * YCSB 0.17's ZipfianGenerator.nextLong(n) for a larger n: zeta(n) is summed on, and eta becomes
     * (1 - (2/items)^(1-theta)) / (1 - zeta(2)/zeta(n)) with items the count it was created with.
     */
    @Test
    void eta_afterGrowthByDefault_isYcsbsFormulaWithTheInitialCount() {
        double theta = 0.99;
        ZipfianGenerator g = new ZipfianGenerator(0, 9, theta);
        g.nextLong(new SplittableRandom(1), 15);
        g.nextLong(new SplittableRandom(1), 1_000);

        double zetaN = Zeta.exactSum(0, 1_000, theta);
        double ycsbEta = (1 - Math.pow(2.0 / 10, 1 - theta)) / (1 - Zeta.of(2, theta) / zetaN);
        assertEquals(zetaN, g.zetaN(), 1e-12);
        assertEquals(ycsbEta, g.eta(), 1e-12);
        double textbookEta = (1 - Math.pow(2.0 / 1_000, 1 - theta)) / (1 - Zeta.of(2, theta) / zetaN);
        assertTrue(Math.abs(ycsbEta - textbookEta) > 0.01, ycsbEta + " vs " + textbookEta);
    }

    /**
     * Draws computed by hand (Python, double precision) from YCSB's formula for theta 0.99, created
     * with 10 items, grown to 1000: zeta(1000) = 7.72895..., eta = 0.0198213...; u with u zeta(1000)
     * below 1 is rank 0, below 1 + 2^-0.99 rank 1, above that floor(1000 (eta u - eta + 1)^100). The
     * textbook eta (0.0748061...) puts the same u on much lower ranks: YCSB's grown latest is less skewed.
     */
    @ParameterizedTest
    @CsvSource({"0.1, 0, 0", "0.15, 1, 1", "0.25, 223, 3", "0.5, 369, 22", "0.9, 820, 471", "0.99, 980, 927"})
    void draw_grownFrom10To1000_ranksOfYcsbsAndTheTextbookEta(double u, long ycsbRank, long textbookRank) {
        ZipfianGenerator ycsb = new ZipfianGenerator(0, 9, 0.99);
        ZipfianGenerator textbook = new ZipfianGenerator(0, 9, 0.99, ZipfianGenerator.Eta.RECOMPUTE);
        ycsb.nextLong(new SplittableRandom(1), 1_000);
        textbook.nextLong(new SplittableRandom(1), 1_000);

        assertEquals(ycsbRank, ycsb.draw(u, 1_000));
        assertEquals(textbookRank, textbook.draw(u, 1_000));
    }

    @Test
    void nextLong_singleItem_alwaysMin() {
        ZipfianGenerator g = new ZipfianGenerator(7, 7, 0.99);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            assertEquals(7, g.nextLong(random));
        }
    }

    @Test
    void constructor_thetaOutsideOpenUnitInterval_throws() {
        assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 10, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 10, 0.0));
    }
}
