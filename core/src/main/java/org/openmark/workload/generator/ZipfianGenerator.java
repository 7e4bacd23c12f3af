package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * Zipfian over [min, min + itemCount): min is the most popular item, min+1 the next, and so on,
 * with P(rank k) proportional to 1 / k^theta. Drawing uses the closed-form inversion of Gray et al.,
 * "Quickly Generating Billion-Record Synthetic Databases" (SIGMOD 1994): ranks 1 and 2 are exact,
 * the rest follow a continuous approximation. theta must lie in (0, 1).
 *
 * <p>The item count may grow between draws ({@link #nextLong(SplittableRandom, long)}), as the
 * {@code latest} distribution needs; the constants are then recomputed for the larger count.
 * Not thread-safe: each client owns its instance.
 */
public final class ZipfianGenerator implements LongGenerator {
    /** YCSB's default zipfian constant. */
    public static final double DEFAULT_THETA = 0.99;

    private final long min;
    private final double theta;
    private final double alpha;
    private final double zeta2;
    private final double secondRankBound;
    private long itemCount;
    private double zetaN;
    private double eta;

    /** Zipfian over [min, max] with the given theta. */
    public ZipfianGenerator(long min, long max, double theta) {
        this(min, max, theta, Zeta.of(max - min + 1, theta));
    }

    /** Zipfian over [min, max] with a precomputed zeta(max - min + 1, theta). */
    public ZipfianGenerator(long min, long max, double theta, double zetaN) {
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("zipfian theta must be in (0, 1), is " + theta);
        }
        if (max < min - 1) {
            throw new IllegalArgumentException("zipfian range is invalid: min " + min + ", max " + max);
        }
        this.min = min;
        this.theta = theta;
        this.alpha = 1.0 / (1.0 - theta);
        this.zeta2 = Zeta.of(2, theta);
        this.secondRankBound = 1.0 + Math.pow(0.5, theta);
        this.itemCount = max - min + 1;
        this.zetaN = zetaN;
        this.eta = eta(itemCount);
    }

    private double eta(long n) {
        return (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    }

    @Override
    public long nextLong(SplittableRandom random) {
        return draw(random.nextDouble(), itemCount);
    }

    /**
     * A draw over {@code count} items. A larger count than before grows the distribution (zeta
     * is recomputed); a smaller one is used as is without recomputing (as YCSB does), since
     * counts seen by a client only shrink through races it should not pay for.
     */
    public long nextLong(SplittableRandom random, long count) {
        if (count > itemCount) {
            grow(count);
        }
        return draw(random.nextDouble(), count);
    }

    private void grow(long count) {
        // adding a few terms is cheaper than the closed form and keeps the sum exact for small counts
        if (count - itemCount <= 64 || count <= Zeta.EXACT_TERMS) {
            zetaN += Zeta.exactSum(itemCount, count, theta);
        } else {
            zetaN = Zeta.of(count, theta);
        }
        itemCount = count;
        eta = eta(count);
    }

    /** The item for uniform {@code u} in [0, 1) among {@code count} items. */
    long draw(double u, long count) {
        double uz = u * zetaN;
        if (uz < 1.0) {
            return min;
        }
        if (uz < secondRankBound) {
            return min + 1;
        }
        long offset = (long) (count * Math.pow(eta * u - eta + 1, alpha));
        // the approximation can reach count itself when u is within one ulp of 1
        return min + Math.max(0, Math.min(offset, count - 1));
    }

    /** The current item count. */
    public long itemCount() {
        return itemCount;
    }

    /** zeta(itemCount, theta) currently in use. */
    public double zetaN() {
        return zetaN;
    }
}
