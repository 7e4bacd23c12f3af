package org.openmark.store.sim.engine;

/**
 * One node's counters.
 *
 * @param requests every request the node served (reads, scans, and writes at the primary)
 * @param writesApplied writes the node holds by now or will hold (every node applies every write)
 * @param staleReads reads at this node that missed a newer write
 * @param maxOutstandingRequests the largest counter C seen (0 for an unlimited node)
 * @param hiccupNanos the total length of the hiccups that struck the node so far
 * @param queueingNanosTotal the sum of the queueing times T_i of its requests
 */
public record NodeTruth(String name, boolean primary, long requests, long reads, long scans, long writesApplied,
        long staleReads, double maxOpsPerSecond, double maxOutstandingRequests, long hiccupNanos,
        long queueingNanosTotal) {

    TruthReport.NodeReport report() {
        return new TruthReport.NodeReport(name, primary ? "primary" : "secondary", requests, reads, scans,
                writesApplied, staleReads, maxOpsPerSecond, maxOutstandingRequests, hiccupNanos / 1e6,
                queueingNanosTotal / 1e6);
    }
}
