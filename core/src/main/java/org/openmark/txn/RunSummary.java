package org.openmark.txn;

import java.util.Map;

/**
 * The figures of one run that {@link TxnOverhead} compares ({@code RunResult.summary()} makes them).
 *
 * @param throughputPerSec completed operations per second
 * @param operations latency of OK outcomes per operation name
 */
public record RunSummary(double throughputPerSec, Map<String, LatencySummary> operations) {

    public RunSummary {
        operations = Map.copyOf(operations);
    }
}
