package org.openmark.rating;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openmark.config.ConfigException;

/**
 * A synthetic throughput curve over load levels (client threads T of a closed system) for dry
 * runs and tests: {@code quadratic:peak=P}, {@code sqrt:scale=S}, {@code plateau:max=M,knee=K},
 * each optionally with {@code ,slacap=L} (loads above L fail the SLA).
 */
public interface Curve {

    /** The flag curves come from, named in parse errors. */
    String FLAG = "--curve";

    /** The forms {@link #parse} accepts, quoted in its errors. */
    String ALLOWED_FORMS = "allowed: quadratic:peak=P (P >= 1), sqrt:scale=S (S > 0),"
            + " plateau:max=M,knee=K (M > 0, K >= 1), each optionally followed by ,slacap=L (L >= 1)";

    /** Throughput in ops/s at {@code load}, finite and {@code >= 0}. */
    double throughputAt(long load);

    /** Loads above this fail the SLA whatever the latency; {@link Long#MAX_VALUE} when uncapped. */
    long slaCapLoad();

    /** The curve as {@link #parse} reads it. */
    String describe();

    /** Parses {@code --curve} text; errors name the flag, the text and {@link #ALLOWED_FORMS}. */
    static Curve parse(String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.indexOf(':');
        if (colon < 0) {
            throw fail(t, "has no ':' after the curve name");
        }
        String name = t.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        Map<String, String> params = params(t, t.substring(colon + 1));
        long cap = params.containsKey("slacap") ? wholeNumber(t, "slacap", params.get("slacap"), 1) : Long.MAX_VALUE;
        return switch (name) {
            case "quadratic" -> {
                requireOnly(t, params, Set.of("peak", "slacap"), List.of("peak"));
                yield QuadraticCurve.ofPeak(wholeNumber(t, "peak", params.get("peak"), 1), cap);
            }
            case "sqrt" -> {
                requireOnly(t, params, Set.of("scale", "slacap"), List.of("scale"));
                yield new SqrtCurve(positive(t, "scale", params.get("scale")), cap);
            }
            case "plateau" -> {
                requireOnly(t, params, Set.of("max", "knee", "slacap"), List.of("max", "knee"));
                yield new PlateauCurve(positive(t, "max", params.get("max")),
                        wholeNumber(t, "knee", params.get("knee"), 1), cap);
            }
            default -> throw fail(t, "curve '" + name + "' is unknown");
        };
    }

    private static Map<String, String> params(String text, String list) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : list.split(",")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw fail(text, "parameter '" + pair.trim() + "' is not name=value");
            }
            String key = pair.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            if (out.put(key, pair.substring(eq + 1).trim()) != null) {
                throw fail(text, "parameter '" + key + "' is given twice");
            }
        }
        return out;
    }

    private static void requireOnly(String text, Map<String, String> params, Set<String> known, List<String> required) {
        for (String key : params.keySet()) {
            if (!known.contains(key)) {
                throw fail(text, "parameter '" + key + "' is unknown");
            }
        }
        for (String key : required) {
            if (!params.containsKey(key)) {
                throw fail(text, "parameter '" + key + "' is missing");
            }
        }
    }

    private static long wholeNumber(String text, String key, String value, long min) {
        double d = number(text, key, value);
        if (d != Math.rint(d) || d < min || d > QuadraticCurve.MAX_PEAK) {
            throw fail(text, key + "=" + value + " must be a whole number >= " + min);
        }
        return (long) d;
    }

    private static double positive(String text, String key, String value) {
        double d = number(text, key, value);
        if (!(d > 0)) {
            throw fail(text, key + "=" + value + " must be > 0");
        }
        return d;
    }

    private static double number(String text, String key, String value) {
        try {
            double d = Double.parseDouble(value.replace("_", ""));
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(text, key + "=" + value + " is not a number");
    }

    private static ConfigException fail(String text, String problem) {
        return ConfigException.of(FLAG, text, problem + "; " + ALLOWED_FORMS);
    }
}
