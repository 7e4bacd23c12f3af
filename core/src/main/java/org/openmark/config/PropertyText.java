package org.openmark.config;

import java.time.Duration;

/**
 * Typed values written back as property values, exactly and as a user writes them: {@code 5000},
 * not {@code 5000.0}; {@code 12000ms}. For the properties that record a resolved configuration
 * (a result's {@code config}, a cluster worker's plan), which resolve to the same values again.
 */
public final class PropertyText {
    private PropertyText() {
    }

    /** A number: whole numbers without a fraction ({@code 1.0E30} stays as it is). */
    public static String of(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.valueOf(value);
    }

    /** A duration in whole milliseconds ({@code 1500ms}), or in nanoseconds when it has a finer part. */
    public static String of(Duration value) {
        long nanos = value.toNanos();
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms" : nanos + "ns";
    }
}
