package org.openmark.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Random printable bytes for field values, made once from a seed. A value is a copy of the pool
 * at a random offset: one random draw and one array copy instead of a random call per byte.
 * The pool (1 MiB plus the longest field) is large enough that values within one storage block
 * rarely share content, so compressing stores see near-random data. Immutable after
 * construction; shared by all clients of a run.
 */
final class ValuePool {
    static final int BASE_SIZE = 1 << 20;

    private final long seed;
    private final byte[] bytes;

    ValuePool(long seed, int maxLength) {
        this.seed = seed;
        this.bytes = new byte[BASE_SIZE + maxLength];
        SplittableRandom random = new SplittableRandom(seed);
        int i = 0;
        while (i < bytes.length) {
            // eight printable characters (' ' .. '~') from each 64-bit draw
            long r = random.nextLong();
            for (int k = 0; k < 8 && i < bytes.length; k++) {
                bytes[i++] = (byte) (' ' + (r & 0xFF) % 95);
                r >>>= 8;
            }
        }
    }

    long seed() {
        return seed;
    }

    /** A new array of {@code length} pool bytes from a random offset. */
    byte[] copy(SplittableRandom random, int length) {
        int offset = random.nextInt(bytes.length - length + 1);
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }
}
