package org.openmark.txn;

/**
 * Three latency figures of one operation name in one run, in microseconds.
 *
 * @param meanUs mean
 * @param p50Us median
 * @param p99Us 99th percentile
 */
public record LatencySummary(double meanUs, double p50Us, double p99Us) {
}
