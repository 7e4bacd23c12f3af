package org.openmark.report.html;

import java.util.Locale;

/** Readable numbers: durations from microseconds, rates, counts, percentiles, elapsed time. */
final class Units {
    private Units() {
    }

    /** A duration given in microseconds: {@code 250 µs}, {@code 1.02 ms}, {@code 2.5 s}. */
    static String durationUs(double us) {
        double abs = Math.abs(us);
        if (abs == 0) {
            return "0";
        }
        if (abs < 1000) {
            return significant(us) + " µs";
        }
        if (abs < 1_000_000) {
            return significant(us / 1000) + " ms";
        }
        return significant(us / 1_000_000) + " s";
    }

    /** A count or rate for an axis: {@code 950}, {@code 2,000}, {@code 12.5k}, {@code 1.2M}. */
    static String compact(double v) {
        double abs = Math.abs(v);
        if (abs >= 1_000_000) {
            return significant(v / 1_000_000) + "M";
        }
        if (abs >= 10_000) {
            return significant(v / 1000) + "k";
        }
        return abs == Math.rint(abs) ? String.format(Locale.ROOT, "%,d", (long) v) : significant(v);
    }

    /** An exact count with thousands separators. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A rate in operations per second, one decimal. */
    static String rate(double opsPerSecond) {
        return String.format(Locale.ROOT, "%,.1f ops/s", opsPerSecond);
    }

    /** The percentile {@code 1 - 1/x} of a spectrum axis position x ≥ 1: 0%, 90%, 99%, 99.9%. */
    static String percentileOfInverseTail(double x) {
        if (x <= 1) {
            return "0%";
        }
        int decimals = Math.max(0, (int) Math.ceil(Math.log10(x) - 1e-9) - 2);
        return trimZeros(String.format(Locale.ROOT, "%." + decimals + "f", 100 - 100 / x)) + "%";
    }

    /** A run time: {@code 17.03 s}, {@code 12 min 5 s}, {@code 2 h 3 min}. */
    static String runtime(long ms) {
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.2f s", ms / 1000.0);
        }
        long s = Math.round(ms / 1000.0);
        if (s < 3600) {
            return s / 60 + " min " + s % 60 + " s";
        }
        return s / 3600 + " h " + s / 60 % 60 + " min";
    }

    /** Elapsed seconds: {@code 45 s} for short runs, {@code m:ss} or {@code h:mm:ss} for long ones. */
    static String elapsed(double seconds, boolean clockStyle) {
        if (!clockStyle) {
            return significant(seconds) + " s";
        }
        long s = Math.round(seconds);
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** Three significant digits at most, trailing zeros removed: 1.02, 12.5, 250, 12345. */
    static String significant(double v) {
        double abs = Math.abs(v);
        String s;
        if (abs >= 100) {
            s = String.format(Locale.ROOT, "%.0f", v);
        } else if (abs >= 10) {
            s = String.format(Locale.ROOT, "%.1f", v);
        } else {
            s = String.format(Locale.ROOT, "%.2f", v);
        }
        return trimZeros(s);
    }

    private static String trimZeros(String s) {
        if (!s.contains(".")) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
