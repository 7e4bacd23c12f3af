package org.openmark.rating;

import java.time.Duration;
import java.util.Locale;

/** Human-readable numbers for reports and SLA text: durations, latencies, percentiles. */
public final class RatingFormat {
    /** What an experiment shows for its latency when no operation finished. */
    public static final String NONE_FINISHED = "none finished";

    private RatingFormat() {
    }

    /** {@code 1h30m}, {@code 10m}, {@code 46m30s}, {@code 1.5s}, {@code 0s}. */
    public static String duration(Duration d) {
        long millis = d.toMillis();
        if (millis == 0) {
            return "0s";
        }
        if (millis % 1000 != 0) {
            return trim(millis / 1000.0) + "s";
        }
        long seconds = millis / 1000;
        StringBuilder sb = new StringBuilder();
        long hours = seconds / 3600;
        long minutes = seconds % 3600 / 60;
        long secs = seconds % 60;
        if (hours > 0) {
            sb.append(hours).append('h');
        }
        if (minutes > 0) {
            sb.append(minutes).append('m');
        }
        if (secs > 0) {
            sb.append(secs).append('s');
        }
        return sb.toString();
    }

    /** A latency in the largest unit that keeps it readable: {@code 100us}, {@code 2.5ms}. */
    public static String latency(long nanos) {
        if (nanos == Long.MAX_VALUE) {
            return "inf";
        }
        if (nanos >= 1_000_000_000L) {
            return trim(nanos / 1e9) + "s";
        }
        if (nanos >= 1_000_000L) {
            return trim(nanos / 1e6) + "ms";
        }
        return trim(nanos / 1e3) + "us";
    }

    /**
     * An experiment's latency at the SLA's percentile: {@link #latency}, or {@value #NONE_FINISHED}
     * when no operation finished ({@link Long#MAX_VALUE}, see {@link ExperimentResult#slaLatencyNanos}).
     */
    public static String experimentLatency(long nanos) {
        return nanos == Long.MAX_VALUE ? NONE_FINISHED : latency(nanos);
    }

    /** {@code p95}, {@code p99.9}. */
    public static String percentile(double percentile) {
        return "p" + trim(percentile);
    }

    /** A fraction as a percentage: 0.001 → {@code 0.1%}. */
    public static String percent(double fraction) {
        return trim(fraction * 100) + "%";
    }

    /** Throughput with thousands separators and no decimals: {@code 99,942,400}. */
    public static String opsPerSec(double opsPerSec) {
        return String.format(Locale.ROOT, "%,.0f", opsPerSec);
    }

    /** A number without trailing zeros, at most 3 decimals. */
    static String trim(double value) {
        String s = String.format(Locale.ROOT, "%.3f", value);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
