package org.openmark.store.sim.model;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.api.StoreConfigException;

/** Parses and prints durations such as {@code 1ms}, {@code 250us}, {@code 1.5s}; a bare number is milliseconds. */
public final class Durations {
    private static final Pattern DURATION =
            Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(ns|us|µs|ms|s|m|min|h)?");

    private Durations() {
    }

    /**
     * The duration in nanoseconds (rounded to the nearest nanosecond).
     *
     * @param where the property or config path named in the error message
     */
    public static long parseNanos(String where, String text) {
        if (text == null) {
            throw new StoreConfigException(where, "null", "must be a duration such as 5ms, 250us, 1.5s");
        }
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new StoreConfigException(where, text,
                    "must be a non-negative duration: a number with unit ns, us, ms, s, m or h (no unit = ms)");
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        long nanosPerUnit = switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalStateException(unit);
        };
        BigDecimal nanos = amount.multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0) {
            throw new StoreConfigException(where, text, "is too large (at most about 292 years / 4)");
        }
        return nanos.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
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
