package org.openmark.txn;

import java.util.SplittableRandom;

/**
 * A skewed choice of accounts: ranks follow a Zipf law, P(rank i) ∝ 1 / (i+1)^θ over
 * {@code items} ranks, drawn with the closed-form method of Gray et al. ("Quickly generating
 * billion-record synthetic databases", SIGMOD 1994): ranks 0 and 1 exactly, the others by a
 * continuous approximation (close for large {@code items}; at 50 items rank 2 is drawn about 14%
 * too often), as YCSB's zipfian generator does. Ranks are scrambled by a 64-bit mixing
 * hash, so the popular accounts are spread over the key space instead of being the first ones.
 * Ranks that land at or beyond the current limit (accounts not inserted yet) are drawn again.
 *
 * <p>Set-up sums {@code items} terms once (the zeta constant); a draw is O(1).
 */
final class ZipfianChooser implements AccountChooser {
    /** The skew YCSB uses. */
    static final double DEFAULT_THETA = 0.99;
    private static final int MAX_REDRAWS = 64;

    private final long items;
    private final double theta;
    private final double zetaN;
    private final double alpha;
    private final double eta;
    private final double secondRankBound;

    ZipfianChooser(long items, double theta) {
        if (items < 2 || !(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("zipfian needs items >= 2 and 0 < theta < 1: " + items + ", " + theta);
        }
        this.items = items;
        this.theta = theta;
        this.zetaN = zeta(items, theta);
        double zeta2 = zeta(2, theta);
        this.alpha = 1.0 / (1.0 - theta);
        this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetaN);
        this.secondRankBound = 1 + Math.pow(0.5, theta);
    }

    private static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += 1.0 / Math.pow(i, theta);
        }
        return sum;
    }

    /** The probability of rank {@code i} (0-based), for tests. */
    double probability(long rank) {
        return 1.0 / Math.pow(rank + 1, theta) / zetaN;
    }

    /** A rank in {@code [0, items)}, rank 0 the most likely. */
    long nextRank(SplittableRandom random) {
        double u = random.nextDouble();
        double uz = u * zetaN;
        if (uz < 1) {
            return 0;
        }
        if (uz < secondRankBound) {
            return 1;
        }
        long rank = (long) (items * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(rank, items - 1);
    }

    @Override
    public long next(SplittableRandom random, long limit) {
        long key = 0;
        for (int i = 0; i < MAX_REDRAWS; i++) {
            key = scramble(nextRank(random));
            if (key < limit) {
                return key;
            }
        }
        // Almost all ranks lie beyond the limit (far fewer accounts than expected): fold it in.
        return key % limit;
    }

    private long scramble(long rank) {
        long z = rank + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return Math.floorMod(z, items);
    }
}
