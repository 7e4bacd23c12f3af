package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Fnv64Test {
    private static final BigInteger MOD = BigInteger.ONE.shiftLeft(64);

    /** FNV-1a over the eight little-endian bytes, in unbounded arithmetic, then YCSB's abs of the signed result. */
    static long reference(long value) {
        BigInteger h = new BigInteger("cbf29ce484222325", 16);
        BigInteger prime = new BigInteger("100000001b3", 16);
        for (int i = 0; i < 8; i++) {
            long octet = (value >>> (8 * i)) & 0xFF;
            h = h.xor(BigInteger.valueOf(octet)).multiply(prime).mod(MOD);
        }
        return Math.abs(h.longValue());
    }

    @Test
    void hash_manyValues_matchesReferenceDefinition() {
        SplittableRandom random = new SplittableRandom(81);
        for (int i = 0; i < 2_000; i++) {
            long v = i < 1_000 ? i : random.nextLong();
            assertEquals(reference(v), Fnv64.hash(v), "value " + v);
        }
    }

    @Test
    void hash_valuesOfEveryByteWidthAndAroundTwoToThe32_matchReferenceDefinition() {
        // the hash takes a shorter path when the four high bytes are zero; both paths and the edge between them
        for (int bits = 0; bits < 64; bits++) {
            long power = 1L << bits;
            for (long v : new long[] {power - 1, power, power + 1, -power, ~power}) {
                assertEquals(reference(v), Fnv64.hash(v), "value " + v);
            }
        }
        for (long v : new long[] {0xFFFF_FFFFL, 0x1_0000_0000L, 0x1_0000_00FFL, 0xFF_0000_0000L, Long.MAX_VALUE,
                Long.MIN_VALUE, -1, 9_999_999_999L, 10_000_000_000L}) {
            assertEquals(reference(v), Fnv64.hash(v), "value " + v);
        }
    }

    @Test
    void hash_zero_isTheKnownYcsbKeyNumber() {
        // YCSB's first hashed key is user6284781860667377211
        assertEquals(6284781860667377211L, Fnv64.hash(0));
    }
}
