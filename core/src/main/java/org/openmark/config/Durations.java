package org.openmark.config;

import java.time.Duration;
import org.openmark.api.DurationSyntax;

/**
 * Durations in flags and properties, in openmark's one syntax ({@link DurationSyntax}: {@code 500ms},
 * {@code 30s}, {@code 5m}, {@code 1h}, {@code 2.5s}; a bare number is seconds).
 */
public final class Durations {
    private Durations() {
    }

    /** The duration named by {@code text}; errors name {@code flag}. */
    public static Duration parse(String flag, String text) {
        try {
            return Duration.ofNanos(DurationSyntax.parseNanos(text));
        } catch (IllegalArgumentException e) {
            throw ConfigException.of(flag, String.valueOf(text), e.getMessage());
        }
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
