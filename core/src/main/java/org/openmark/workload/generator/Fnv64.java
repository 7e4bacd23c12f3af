package org.openmark.workload.generator;

/**
 * The 64-bit FNV-1a hash of a long's eight bytes, lowest byte first, made non-negative with
 * {@link Math#abs(long)}. This is the definition YCSB uses to scatter key numbers
 * ({@code insertorder=hashed}) and zipfian ranks, so key names match YCSB's exactly.
 */
public final class Fnv64 {
    static final long OFFSET_BASIS = 0xCBF29CE484222325L;
    static final long PRIME = 0x100000001B3L;
    /** PRIME to the fourth power, modulo 2^64. */
    static final long PRIME_TO_THE_FOURTH = PRIME * PRIME * PRIME * PRIME;

    private Fnv64() {
    }

    /** The hash of {@code value} (never negative, except for the single input hashing to Long.MIN_VALUE). */
    public static long hash(long value) {
        long h = OFFSET_BASIS;
        h = (h ^ (value & 0xFF)) * PRIME;
        h = (h ^ ((value >>> 8) & 0xFF)) * PRIME;
        h = (h ^ ((value >>> 16) & 0xFF)) * PRIME;
        h = (h ^ ((value >>> 24) & 0xFF)) * PRIME;
        if ((value >>> 32) == 0) {
            // Key numbers and most zipfian ranks end here. XOR with a zero byte changes nothing, so the
            // four high bytes only multiply by PRIME four times: one multiplication instead of a chain of four.
            h *= PRIME_TO_THE_FOURTH;
        } else {
            h = (h ^ ((value >>> 32) & 0xFF)) * PRIME;
            h = (h ^ ((value >>> 40) & 0xFF)) * PRIME;
            h = (h ^ ((value >>> 48) & 0xFF)) * PRIME;
            h = (h ^ (value >>> 56)) * PRIME;
        }
        return Math.abs(h);
    }
}
