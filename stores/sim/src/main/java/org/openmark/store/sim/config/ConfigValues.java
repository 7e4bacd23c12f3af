package org.openmark.store.sim.config;

import java.util.Locale;
import org.openmark.api.StoreConfigException;
import org.openmark.store.sim.model.Durations;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/** Parsing and validation shared by the YAML file and the {@code sim.*} properties; errors name where. */
final class ConfigValues {
    private ConfigValues() {
    }

    static ReadPreference readPreference(String where, String text) {
        try {
            return ReadPreference.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, "must be one of primary, secondary, random, nearest");
        }
    }

    /** The write concern: a number 1..nodeCount or {@code majority} (= nodeCount / 2 + 1). */
    static int writeAcks(String where, String text, int nodeCount) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("majority")) {
            return nodeCount / 2 + 1;
        }
        long w;
        try {
            w = org.openmark.api.ValueSyntax.wholeNumber(t);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, "must be a number of nodes (1.." + nodeCount + ") or majority");
        }
        if (w < 1 || w > nodeCount) {
            throw new StoreConfigException(where, text, "must be in 1.." + nodeCount + " (the number of nodes) or majority");
        }
        return (int) w;
    }

    /** The read concern: a number of nodes 1..nodeCount. */
    static int readAcks(String where, String text, int nodeCount) {
        long r;
        try {
            r = org.openmark.api.ValueSyntax.wholeNumber(text.trim());
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, "must be a number of nodes (1.." + nodeCount + ")");
        }
        if (r < 1 || r > nodeCount) {
            throw new StoreConfigException(where, text, "must be in 1.." + nodeCount + " (the number of nodes)");
        }
        return (int) r;
    }

    static double maxThroughput(String where, String text) {
        double v;
        try {
            v = org.openmark.api.ValueSyntax.number(text);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, "must be a number of operations per second (0 = unlimited)");
        }
        if (v < 0) {
            throw new StoreConfigException(where, text, "must be >= 0 operations per second (0 = unlimited)");
        }
        return v;
    }

    static long seed(String where, String text) {
        try {
            return org.openmark.api.ValueSyntax.wholeNumber(text);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, "must be a whole number (64 bits)");
        }
    }

    static int maxFrameBytes(String where, String text) {
        long v = wholeNumber(where, text);
        if (v < SimConfig.MIN_MAX_FRAME_BYTES || v > SimConfig.MAX_MAX_FRAME_BYTES) {
            throw new StoreConfigException(where, text,
                    "must be in " + SimConfig.MIN_MAX_FRAME_BYTES + ".." + SimConfig.MAX_MAX_FRAME_BYTES + " bytes");
        }
        return (int) v;
    }

    static int sampleLimit(String where, String text) {
        long v = wholeNumber(where, text);
        if (v < 0 || v > 100_000_000) {
            throw new StoreConfigException(where, text, "must be in 0..100000000 samples per kind");
        }
        return (int) v;
    }

    static long wholeNumber(String where, String text) {
        try {
            return org.openmark.api.ValueSyntax.wholeNumber(text);
        } catch (IllegalArgumentException e) {
            throw new StoreConfigException(where, text, e.getMessage());
        }
    }

    /** Checks and builds a hiccup; {@code period}/{@code count} may be null. */
    static Hiccup hiccup(String where, String start, String duration, String period, String count) {
        long startNanos = Durations.parseNanos(where + ".start", start);
        long durationNanos = Durations.parseNanos(where + ".duration", duration);
        if (durationNanos == 0) {
            throw new StoreConfigException(where + ".duration", duration, "must be > 0");
        }
        long periodNanos = period == null ? 0 : Durations.parseNanos(where + ".period", period);
        if (period != null && periodNanos <= durationNanos) {
            throw new StoreConfigException(where + ".period", period,
                    "must be longer than the duration (" + duration + ") so each hiccup ends before the next");
        }
        long n = count == null ? (periodNanos == 0 ? 1 : 0) : wholeNumber(where + ".count", count);
        if (n < 0 || (periodNanos == 0 && n != 1)) {
            throw new StoreConfigException(where + ".count", count,
                    periodNanos == 0 ? "needs a period (a one-off hiccup happens once)" : "must be >= 0 (0 = forever)");
        }
        return new Hiccup(startNanos, durationNanos, periodNanos, n);
    }

    /** A hiccup written as {@code START:DURATION[:PERIOD[:COUNT]]}, e.g. {@code 10s:500ms:30s:3}. */
    static Hiccup hiccup(String where, String text) {
        String[] parts = text.trim().split(":");
        if (parts.length < 2 || parts.length > 4) {
            throw new StoreConfigException(where, text,
                    "must be START:DURATION[:PERIOD[:COUNT]] (e.g. 10s:500ms or 10s:500ms:30s:3), comma-separated");
        }
        return hiccup(where, parts[0], parts[1], parts.length > 2 ? parts[2] : null, parts.length > 3 ? parts[3] : null);
    }
}
