package org.openmark.pbs;

import java.util.Arrays;
import org.openmark.config.ConfigException;

/**
 * The times after commit (ms) at which the t-visibility curve is evaluated, parsed from
 * {@code from..to:step} ({@code 0..100:1}; the step defaults to 1) or a list {@code 0,5,10}.
 */
public final class TimeGrid {
    /** Most points a curve may have. */
    public static final int MAX_POINTS = 100_000;

    private TimeGrid() {
    }

    /** The sorted, distinct points of {@code text}; {@code flag} names it in errors. */
    public static double[] parse(String flag, String text) {
        String s = text.trim();
        int dots = s.indexOf("..");
        double[] points = dots >= 0 ? range(flag, text, s, dots) : list(flag, text, s);
        double[] sorted = Arrays.stream(points).sorted().distinct().toArray();
        for (double t : sorted) {
            if (!(t >= 0) || Double.isInfinite(t)) {
                throw ConfigException.of(flag, text, "times must be finite and >= 0 ms");
            }
        }
        return sorted;
    }

    private static double[] range(String flag, String text, String s, int dots) {
        String rest = s.substring(dots + 2);
        int colon = rest.indexOf(':');
        double from = number(flag, text, s.substring(0, dots));
        double to = number(flag, text, colon >= 0 ? rest.substring(0, colon) : rest);
        double step = colon >= 0 ? number(flag, text, rest.substring(colon + 1)) : 1.0;
        if (!(step > 0)) {
            throw ConfigException.of(flag, text, "step must be > 0 ms (format from..to:step, e.g. 0..100:1)");
        }
        if (to < from) {
            throw ConfigException.of(flag, text, "to must be >= from (format from..to:step, e.g. 0..100:1)");
        }
        // 1e-9 relative slack so that 0..1:0.1 includes 1 despite rounding
        double count = Math.floor((to - from) / step * (1 + 1e-12) + 1e-9) + 1;
        if (count > MAX_POINTS) {
            throw ConfigException.of(flag, text, "at most " + MAX_POINTS + " points (this range has "
                    + (long) count + ")");
        }
        double[] points = new double[(int) count];
        for (int i = 0; i < points.length; i++) {
            points[i] = Math.min(to, from + i * step);
        }
        return points;
    }

    private static double[] list(String flag, String text, String s) {
        String[] parts = s.split(",");
        if (parts.length > MAX_POINTS) {
            throw ConfigException.of(flag, text, "at most " + MAX_POINTS + " points");
        }
        double[] points = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            points[i] = number(flag, text, parts[i]);
        }
        return points;
    }

    private static double number(String flag, String text, String part) {
        String p = part.trim();
        if (!DistributionParser.looksLikeNumber(p)) {
            throw ConfigException.of(flag, text, "'" + p + "' is not a number of ms; use from..to:step"
                    + " (e.g. 0..100:1) or a list (e.g. 0,5,10)");
        }
        return Double.parseDouble(p);
    }
}
