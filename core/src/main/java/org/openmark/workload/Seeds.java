package org.openmark.workload;

/**
 * Derives independent seeds from the run's seed. SplittableRandom streams seeded with nearby
 * values are shifted copies of each other (its seed is its state), so stream seeds are scrambled
 * through a 64-bit mixing function rather than taken as seed + index.
 */
public final class Seeds {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Seeds() {
    }

    /** The seed of stream {@code stream} of the run seeded {@code seed}. */
    public static long derive(long seed, long stream) {
        return mix64(mix64(seed) + (stream + 1) * GOLDEN_GAMMA);
    }

    /** Stafford's variant 13 of the MurmurHash3 finalizer: a bijection that spreads every input bit. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
