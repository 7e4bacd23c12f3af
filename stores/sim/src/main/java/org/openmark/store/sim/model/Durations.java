package org.openmark.store.sim.model;

import java.math.BigDecimal;
import org.openmark.api.DurationSyntax;
import org.openmark.api.StoreConfigException;

/**
 * Durations in the simulated store's properties and configuration, in openmark's one syntax
 * ({@link DurationSyntax}). A non-zero number needs its unit here ({@code 5ms}, not {@code 5}):
 * these values were milliseconds when bare before the syntax was one, and a latency read as
 * seconds instead would pass unnoticed. Sample files, a column of figures, stay milliseconds.
 */
public final class Durations {
    private Durations() {
    }

    /**
     * The duration in nanoseconds (rounded to the nearest nanosecond).
     *
     * @param where the property or config path named in the error message
     */
    public static long parseNanos(String where, String text) {
        try {
            if (DurationSyntax.isBareNumber(text) && DurationSyntax.parseNanos(text) != 0) {
                throw new StoreConfigException(where, text, "needs its unit, e.g. " + text.trim() + "ms (a bare"
                        + " number would be seconds, as everywhere in openmark; it was milliseconds here before)");
            }
            return DurationSyntax.parseNanos(text);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, String.valueOf(text), e.getMessage());
        }
    }

    /** A value of a sample file: milliseconds when bare, else as {@link #parseNanos}. */
    public static long parseSampleNanos(String where, String text) {
        try {
            return DurationSyntax.parseNanos(DurationSyntax.isBareNumber(text) ? text.trim() + "ms" : text);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, String.valueOf(text), e.getMessage());
        }
    }

    /** Nanoseconds as exact decimal milliseconds, e.g. {@code 1500000 -> "1.5"}. */
    public static String toMillisText(long nanos) {
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }

    /** Nanoseconds as milliseconds. */
    public static double toMillis(double nanos) {
        return nanos / 1_000_000.0;
    }
}
