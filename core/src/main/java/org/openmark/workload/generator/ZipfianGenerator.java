package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * Zipfian over [min, min + itemCount): min is the most popular item, min+1 the next, and so on,
 * with P(rank k) proportional to 1 / k^theta. Drawing uses the closed-form inversion of Gray et al.,
 * "Quickly Generating Billion-Record Synthetic Databases" (SIGMOD 1994): ranks 1 and 2 are exact,
 * the rest follow a continuous approximation. theta must lie in (0, 1).
 *
 * <p>The item count may grow between draws ({@link #nextLong(SplittableRandom, long)}), as the
 * {@code latest} distribution needs. zeta is then recomputed for the larger count; how eta follows
 * is the {@link Eta} choice: YCSB keeps the initial item count in eta's {@code (2/n)^(1-theta)} term
 * (so a grown distribution is not quite Gray's), the textbook recomputes it with the grown count.
 * Not thread-safe: each client owns its instance.
 */
public final class ZipfianGenerator implements LongGenerator {
    /** YCSB's default zipfian constant. */
    public static final double DEFAULT_THETA = 0.99;

    /** How eta follows when the item count grows ({@code zipfian.eta}). */
    public enum Eta {
        /**
         * As YCSB 0.17's {@code ZipfianGenerator.nextLong(n)}: eta's {@code (2/n)^(1-theta)} term keeps
         * the item count the generator was created with, only zeta is that of the grown count.
         */
        YCSB,
        /** Gray et al.'s formula with the grown count throughout (the exact zipfian of the new count). */
        RECOMPUTE
    }

    private final long min;
    private final double theta;
    private final double alpha;
    private final double zeta2;
    private final double secondRankBound;
    private final Eta etaMode;
    /** The item count in eta's (2/n) term: the initial count under {@link Eta#YCSB}, else the current one. */
    private long etaCount;
    private long itemCount;
    private double zetaN;
    private double eta;

    /** Zipfian over [min, max] with the given theta; grows as YCSB does. */
    public ZipfianGenerator(long min, long max, double theta) {
        this(min, max, theta, Eta.YCSB);
    }

    /** Zipfian over [min, max] with the given theta; grows as {@code etaMode} says. */
    public ZipfianGenerator(long min, long max, double theta, Eta etaMode) {
        this(min, max, theta, Zeta.of(max - min + 1, theta), etaMode);
    }

    /** Zipfian over [min, max] with a precomputed zeta(max - min + 1, theta); grows as YCSB does. */
    public ZipfianGenerator(long min, long max, double theta, double zetaN) {
        this(min, max, theta, zetaN, Eta.YCSB);
    }

    /** Zipfian over [min, max] with a precomputed zeta(max - min + 1, theta). */
    public ZipfianGenerator(long min, long max, double theta, double zetaN, Eta etaMode) {
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
        this.etaMode = java.util.Objects.requireNonNull(etaMode, "etaMode");
        this.itemCount = max - min + 1;
        this.etaCount = itemCount;
        this.zetaN = zetaN;
        this.eta = computeEta();
    }

    private double computeEta() {
        return (1 - Math.pow(2.0 / etaCount, 1 - theta)) / (1 - zeta2 / zetaN);
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
        // YCSB keeps the initial count; from an initial count of 0 its eta is NaN for ever (every draw past
        // the second rank lands on the first), so there the first real count stands in for it
        if (etaMode == Eta.RECOMPUTE || etaCount == 0) {
            etaCount = count;
        }
        itemCount = count;
        eta = computeEta();
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

    /** eta currently in use. */
    double eta() {
        return eta;
    }

    /** zeta(itemCount, theta) currently in use. */
    public double zetaN() {
        return zetaN;
    }
}
