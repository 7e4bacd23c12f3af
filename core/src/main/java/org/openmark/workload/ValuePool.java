package org.openmark.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Random printable bytes for field values, made once from a seed. The pool (1 MiB plus the
 * longest field) is large enough that values within one storage block rarely share content, so
 * compressing stores see near-random data. Immutable after construction; shared by all clients
 * of a run.
 *
 * <p>With one field length of at most {@link #LONGEST_SHARED} bytes (the core workloads'
 * constant 100), the pool is cut into pieces of that length once, and a value is a random piece,
 * handed out as it is: no copy and no allocation per value (stores must not modify the arrays
 * they are given). Other lengths are a copy of the pool at a random offset. Either way a value
 * is one draw of an offset, as before pieces, so a seed replays the same operations.
 */
final class ValuePool {
    static final int BASE_SIZE = 1 << 20;
    /** The longest length cut into shared pieces: the pool then holds more than 1024 different values. */
    static final int LONGEST_SHARED = BASE_SIZE / 1024;

    private final long seed;
    private final byte[] bytes;
    private final int pieceLength;
    private final byte[][] pieces;
    /** See {@link #reciprocal}. */
    private final long pieceReciprocal;

    /**
     * @param maxLength the longest value asked for
     * @param constantLength every value's length when there is only one, else -1
     */
    ValuePool(long seed, int maxLength, int constantLength) {
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
        if (constantLength >= 1 && constantLength <= Math.min(maxLength, LONGEST_SHARED)) {
            // a value's offset (0 .. BASE_SIZE) names the piece it falls in
            this.pieceLength = constantLength;
            this.pieceReciprocal = reciprocal(constantLength);
            this.pieces = new byte[BASE_SIZE / constantLength + 1][];
            for (int p = 0; p < pieces.length; p++) {
                pieces[p] = Arrays.copyOfRange(bytes, p * constantLength, (p + 1) * constantLength);
            }
        } else {
            this.pieceLength = -1;
            this.pieceReciprocal = 0;
            this.pieces = null;
        }
    }

    long seed() {
        return seed;
    }

    /** True when values are shared pieces of the pool rather than copies. */
    boolean sharesPieces() {
        return pieces != null;
    }

    /**
     * {@code length} random pool bytes from a random offset: the shared piece the offset falls in
     * when the pool is cut to that length, else a new copy from there.
     */
    byte[] value(SplittableRandom random, int length) {
        int offset = random.nextInt(bytes.length - length + 1);
        if (length == pieceLength) {
            return pieces[pieceOf(offset, pieceReciprocal)];
        }
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    /** {@code offset / pieceLength} without a division, given the length's reciprocal (offset below 2^21). */
    static int pieceOf(int offset, long reciprocal) {
        return (int) ((offset * reciprocal) >>> 42);
    }

    /** The reciprocal {@link #pieceOf} takes for {@code pieceLength} (1 .. {@link #LONGEST_SHARED}). */
    static long reciprocal(int pieceLength) {
        return (1L << 42) / pieceLength + 1;
    }
}
