package org.openmark.workload.generator;

/**
 * {@code x mod d} for one divisor {@code d} fixed in advance, by a multiplication with d's
 * precomputed reciprocal instead of a division (Barrett reduction): the estimated quotient is the
 * true one or one less, so the remainder needs at most one correction. Equal to
 * {@link Math#floorMod(long, long)} for every x. Immutable and thread-safe.
 */
final class FixedModulus {
    private final long divisor;
    /** floor((2^64 - 1) / divisor), unsigned. */
    private final long reciprocal;

    /** The modulus by {@code divisor >= 1}. */
    FixedModulus(long divisor) {
        if (divisor < 1) {
            throw new IllegalArgumentException("divisor must be >= 1, is " + divisor);
        }
        this.divisor = divisor;
        this.reciprocal = Long.divideUnsigned(-1L, divisor);
    }

    /** {@code Math.floorMod(x, divisor)}. */
    long of(long x) {
        if (x < 0) {
            return Math.floorMod(x, divisor);
        }
        // q <= x / d, and for x < 2^63 more than x / d - 1
        long q = Math.unsignedMultiplyHigh(x, reciprocal);
        long r = x - q * divisor;
        return r >= divisor ? r - divisor : r;
    }
}
