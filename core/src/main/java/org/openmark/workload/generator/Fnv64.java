package org.openmark.workload.generator;

/**
 * The 64-bit FNV-1a hash of a long's eight bytes, lowest byte first, made non-negative with
 * {@link Math#abs(long)}. This is the definition YCSB uses to scatter key numbers
 * ({@code insertorder=hashed}) and zipfian ranks, so key names match YCSB's exactly.
 */
public final class Fnv64 {
    static final long OFFSET_BASIS = 0xCBF29CE484222325L;
    static final long PRIME = 0x100000001B3L;

    private Fnv64() {
    }

    /** The hash of {@code value} (never negative, except for the single input hashing to Long.MIN_VALUE). */
    public static long hash(long value) {
        long h = OFFSET_BASIS;
        long v = value;
        for (int i = 0; i < Long.BYTES; i++) {
            h ^= v & 0xFF;
            h *= PRIME;
            v >>= 8;
        }
        return Math.abs(h);
    }
}
