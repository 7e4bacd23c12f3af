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
    /** "00", "01", ..., "99": two digits per division. */
    private static final byte[] DIGIT_PAIRS = new byte[200];
    /** 10^0 .. 10^18. */
    private static final long[] POWERS_OF_TEN = new long[MAX_DIGITS];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < MAX_DIGITS; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

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
        if (zeroPadding <= 1 || digitCount(n) >= zeroPadding) {
            // No padding: the JDK's concatenation sizes the string once and writes the digits into it, no copy.
            return "user" + n;
        }
        int digits = digitCount(n);
        int length = PREFIX.length + zeroPadding;
        int end = length;
        while (n >= 100) {
            long q = n / 100;
            int pair = 2 * (int) (n - q * 100);
            scratch[--end] = DIGIT_PAIRS[pair + 1];
            scratch[--end] = DIGIT_PAIRS[pair];
            n = q;
        }
        int pair = 2 * (int) n;
        scratch[--end] = DIGIT_PAIRS[pair + 1];
        if (n >= 10) {
            scratch[--end] = DIGIT_PAIRS[pair];
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

    /** Decimal digits of {@code n >= 0}: from its bit length (log10 2 ≈ 1233/4096), then one comparison. */
    static int digitCount(long n) {
        if (n == 0) {
            return 1;
        }
        int t = ((Long.SIZE - Long.numberOfLeadingZeros(n)) * 1233) >>> 12;
        return n >= POWERS_OF_TEN[t] ? t + 1 : t;
    }
}
