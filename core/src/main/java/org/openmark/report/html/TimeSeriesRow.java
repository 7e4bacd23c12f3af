package org.openmark.report.html;

/**
 * One row of {@code timeseries.csv}: one operation in one status interval. Latencies are
 * response times in microseconds; the in-flight count and send-lag p99 belong to the interval
 * (the same on every operation's row).
 *
 * @param elapsedSeconds end of the interval, seconds since the run started
 * @param operation e.g. READ
 * @param warmUp true when the interval lies in the warm-up
 * @param opsPerSecond completions per second in the interval
 * @param p50Us response-time median
 * @param p90Us response-time 90th percentile
 * @param p99Us response-time 99th percentile
 * @param p999Us response-time 99.9th percentile
 * @param maxUs largest response time
 * @param inFlight operations outstanding at the end of the interval
 * @param sendLagP99Us 99th percentile of the send lag in the interval (open model)
 * @param failedPerSecond completions per second that failed (any status but OK and NOT_FOUND; 0 for a
 *     file without status columns)
 */
public record TimeSeriesRow(double elapsedSeconds, String operation, boolean warmUp, double opsPerSecond, long p50Us,
        long p90Us, long p99Us, long p999Us, long maxUs, long inFlight, long sendLagP99Us, double failedPerSecond) {

    /** A row of a file written before the status columns (nothing known failed). */
    public TimeSeriesRow(double elapsedSeconds, String operation, boolean warmUp, double opsPerSecond, long p50Us,
            long p90Us, long p99Us, long p999Us, long maxUs, long inFlight, long sendLagP99Us) {
        this(elapsedSeconds, operation, warmUp, opsPerSecond, p50Us, p90Us, p99Us, p999Us, maxUs, inFlight,
                sendLagP99Us, 0);
    }
}
