package org.openmark.services.bench;

/**
 * redis-benchmark's --csv output: a header, then one row per test, {@code "test","rps","avg_latency_ms",
 * "min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"}.
 */
final class RedisBenchmarkCsv {
    private RedisBenchmarkCsv() {
    }

    /** The requests per second and the p99 (microseconds) of the last row. */
    record Row(double requestsPerSecond, double p99Micros) {
    }

    static Row lastRow(String csv) {
        String[] lines = csv.strip().split("\n");
        String[] f = lines[lines.length - 1].replace("\"", "").split(",");
        if (f.length < 7) {
            throw new IllegalArgumentException("not a row of redis-benchmark --csv: " + lines[lines.length - 1]);
        }
        return new Row(Double.parseDouble(f[1]), Double.parseDouble(f[6]) * 1000);
    }
}
