package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * Zipfian popularity with the popular items scattered over [min, max] instead of clustered at
 * min (YCSB's {@code requestdistribution=zipfian}). A zipfian rank is drawn over a fixed, huge
 * item space ({@value #RANK_SPACE} + 1 ranks, as YCSB), hashed with {@link Fnv64} and reduced
 * modulo the range size. Because the rank space does not depend on the range, the range can be
 * sized for keys that do not exist yet without changing which keys are popular.
 *
 * <p>Immutable apart from the inner zipfian, which is never grown here, so one instance is safe
 * to share between threads.
 */
public final class ScrambledZipfianGenerator implements LongGenerator {
    /** The largest rank drawn: YCSB's item count constant, 10^10 (ten billion). */
    public static final long RANK_SPACE = 10_000_000_000L;

    /**
     * YCSB's precomputed zeta for theta 0.99 over its 10^10 ranks. (A later YCSB commit raised the
     * item count to 10^16 but kept this constant, so its draws no longer matched either; openmark
     * keeps the consistent pair.)
     */
    static final double YCSB_ZETA_0_99 = 26.46902820178302;

    private final long min;
    private final long itemCount;
    private final FixedModulus itemCountModulus;
    private final ZipfianGenerator ranks;

    /** Scrambled zipfian over [min, max] with the given zipfian constant. */
    public ScrambledZipfianGenerator(long min, long max, double theta) {
        if (min > max) {
            throw new IllegalArgumentException("zipfian range is empty: min " + min + " > max " + max);
        }
        this.min = min;
        this.itemCount = max - min + 1;
        this.itemCountModulus = new FixedModulus(itemCount);
        // YCSB's constant for 0.99 keeps draws identical to YCSB's; other constants use Zeta's closed form
        double zeta = theta == ZipfianGenerator.DEFAULT_THETA ? YCSB_ZETA_0_99 : Zeta.of(RANK_SPACE + 1, theta);
        this.ranks = new ZipfianGenerator(0, RANK_SPACE, theta, zeta);
    }

    @Override
    public long nextLong(SplittableRandom random) {
        return min + itemCountModulus.of(Fnv64.hash(ranks.nextLong(random)));
    }

    /** The number of items in the range. */
    public long itemCount() {
        return itemCount;
    }
}
