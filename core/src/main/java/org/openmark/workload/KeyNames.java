package org.openmark.workload;

import java.nio.charset.StandardCharsets;
import org.openmark.workload.generator.Fnv64;

/**
 * Record key names as YCSB builds them: {@code "user"}, then zeros up to {@code zeropadding}
 * digits, then the key number, or its {@link Fnv64} hash when inserts are hashed. Instances keep a
 * scratch buffer, so each key costs one string; not thread-safe (one per client).
 */
final class KeyNames {
    private static final byte[] PREFIX = "user".getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_DIGITS = 19;

    private final boolean hashed;
    private final int zeroPadding;
    private final byte[] scratch;

    KeyNames(boolean hashed, int zeroPadding) {
        this.hashed = hashed;
        this.zeroPadding = zeroPadding;
        this.scratch = new byte[PREFIX.length + Math.max(MAX_DIGITS, zeroPadding)];
        System.arraycopy(PREFIX, 0, scratch, 0, PREFIX.length);
    }

    /** The key name of record number {@code keyNumber}. */
    String name(long keyNumber) {
        long n = hashed ? Fnv64.hash(keyNumber) : keyNumber;
        if (n < 0) {
            return slowName(n);
        }
        int digits = digitCount(n);
        int length = PREFIX.length + Math.max(digits, zeroPadding);
        int end = length;
        for (int i = 0; i < digits; i++) {
            scratch[--end] = (byte) ('0' + n % 10);
            n /= 10;
        }
        while (end > PREFIX.length) {
            scratch[--end] = '0';
        }
        return new String(scratch, 0, length, StandardCharsets.ISO_8859_1);
    }

    private String slowName(long n) {
        // only the one hash that Math.abs leaves negative gets here; YCSB prints it with its sign
        String digits = Long.toString(n);
        return "user" + "0".repeat(Math.max(0, zeroPadding - digits.length())) + digits;
    }

    private static int digitCount(long n) {
        int d = 1;
        for (long p = 10; d < MAX_DIGITS && n >= p; p *= 10) {
            d++;
        }
        return d;
    }
}
