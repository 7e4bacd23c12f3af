package org.openmark.rating;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openmark.config.ConfigException;

/** Parses durations users type for rating flags: {@code 0}, {@code 500ms}, {@code 30s}, {@code 10m}, {@code 1.5h}. */
public final class DurationText {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private DurationText() {
    }

    /** The duration, or a {@link ConfigException} naming {@code flag}, the text and the forms. */
    public static java.time.Duration parse(String flag, String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return java.time.Duration.ZERO;
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw ConfigException.of(flag, String.valueOf(text),
                    "must be a duration such as 500ms, 30s, 10m or 1.5h (or 0)");
        }
        long millisPerUnit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        long millis = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(millisPerUnit))
                .setScale(0, RoundingMode.HALF_UP).longValueExact();
        return java.time.Duration.ofMillis(millis);
    }
}
