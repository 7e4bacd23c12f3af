package org.openmark.measure;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Percentile names and summaries shared by the text and JSON reports. */
public final class Percentiles {
    private Percentiles() {
    }

    /** YCSB's name for a percentile: 50th, 95th, 99th, 99.9 (ordinal suffix for whole numbers). */
    public static String ycsbName(double p) {
        if (p == Math.rint(p)) {
            long n = (long) p;
            String suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : switch ((int) (n % 10)) {
                case 1 -> "st";
                case 2 -> "nd";
                case 3 -> "rd";
                default -> "th";
            };
            return n + suffix;
        }
        return stripZeros(p);
    }

    /** JSON key of a percentile: p50, p99, p999, p9999. */
    public static String jsonKey(double p) {
        return "p" + stripZeros(p).replace(".", "");
    }

    private static String stripZeros(double p) {
        String s = String.format(Locale.ROOT, "%.4f", p);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** {mean, min, p50, p90, p95, p99, p999, p9999, max} in microseconds (zeros when empty). */
    public static Map<String, Number> summary(Histogram h) {
        Map<String, Number> m = new LinkedHashMap<>();
        boolean empty = h.getTotalCount() == 0;
        m.put("mean", empty ? 0.0 : round(h.getMean()));
        m.put("min", empty ? 0 : h.getMinValue());
        for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99}) {
            m.put(jsonKey(p), empty ? 0 : h.getValueAtPercentile(p));
        }
        m.put("max", empty ? 0 : h.getMaxValue());
        return m;
    }

    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
