package org.openmark.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations such as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 2.5s}; a bare number is seconds. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m|h)?");

    private Durations() {
    }

    /** The duration named by {@code text}; errors name {@code flag}. */
    public static Duration parse(String flag, String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            throw ConfigException.of(flag, text, "must be a duration such as 500ms, 30s, 5m or 1h");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = switch (unit) {
            case "us" -> v * 1e3;
            case "ms" -> v * 1e6;
            case "s" -> v * 1e9;
            case "m" -> v * 60e9;
            default -> v * 3600e9;
        };
        return Duration.ofNanos(Math.round(nanos));
    }

    /** A short human form: 1h2m, 30s, 250ms. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        long s = d.toSeconds();
        if (s < 60) {
            return (ms % 1000 == 0) ? s + "s" : String.format(java.util.Locale.ROOT, "%.1fs", ms / 1000.0);
        }
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long rs = s % 60;
        return (h > 0 ? h + "h" : "") + (m > 0 ? m + "m" : "") + (rs > 0 ? rs + "s" : "");
    }
}
