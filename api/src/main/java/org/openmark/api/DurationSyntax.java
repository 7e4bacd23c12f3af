package org.openmark.api;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * openmark's one way to write a duration, for flags, properties and store configurations alike:
 * a non-negative number, decimals allowed, with a unit {@code ns}, {@code us} (or {@code µs}),
 * {@code ms}, {@code s}, {@code m} (or {@code min}) or {@code h}; a bare number is seconds, as in
 * YCSB's {@code maxexecutiontime}. Examples: {@code 250us}, {@code 1.5ms}, {@code 30s}, {@code 5m},
 * {@code 1h}, {@code 30}.
 */
public final class DurationSyntax {
    /** The forms, for error messages: "must be " + FORMS. */
    public static final String FORMS = "a duration such as 500ms, 30s, 5m or 1h (units ns, us, ms, s, m, h;"
            + " a bare number is seconds)";
    private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(ns|us|µs|ms|s|m|min|h)?");
    private static final long MAX_NANOS = Long.MAX_VALUE / 4;

    private DurationSyntax() {
    }

    /**
     * The duration in nanoseconds, rounded to the nearest one.
     *
     * @throws IllegalArgumentException with the reason, when {@code text} is not a duration
     */
    public static long parseNanos(String text) {
        Matcher m = match(text);
        return toNanos(m.group(1), m.group(2) == null ? "s" : m.group(2), text);
    }

    /** True when {@code text} is a number without a unit (which {@link #parseNanos} reads as seconds). */
    public static boolean isBareNumber(String text) {
        return match(text).group(2) == null;
    }

    private static Matcher match(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("must be " + FORMS);
        }
        return m;
    }

    private static long toNanos(String amount, String unit, String text) {
        long nanosPerUnit = switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        BigDecimal nanos = new BigDecimal(amount).multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(MAX_NANOS)) > 0) {
            throw new IllegalArgumentException("is too long (at most about 73 years)");
        }
        return nanos.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
}
