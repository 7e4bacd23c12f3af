package org.openmark.store.sim.engine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import org.openmark.api.Status;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ThroughputLimiter;

/** Collects the ground truth inside the engine (single-threaded, owned by the engine). */
final class TruthRecorder {
    private final long seed;
    private final List<NodeSpec> specs;
    private final EnumMap<SimOp, OpTruth> operations = new EnumMap<>(SimOp.class);
    private final ValueHistogram stalenessNanos = new ValueHistogram();
    private final ValueHistogram versionsBehind = new ValueHistogram();
    private long staleReads;
    private final long[] requests;
    private final long[] reads;
    private final long[] scans;
    private final long[] staleReadsAt;
    private final long[] queueingNanos;
    private long writesApplied;

    TruthRecorder(long seed, List<NodeSpec> specs) {
        this.seed = seed;
        this.specs = specs;
        int n = specs.size();
        requests = new long[n];
        reads = new long[n];
        scans = new long[n];
        staleReadsAt = new long[n];
        queueingNanos = new long[n];
    }

    void recordRead(int node, Status status, long waitNanos, long queueNanos, long behind, long staleNanos) {
        record(SimOp.READ, node, status, waitNanos, queueNanos);
        reads[node]++;
        versionsBehind.record(behind);
        stalenessNanos.record(staleNanos);
        if (behind > 0) {
            staleReads++;
            staleReadsAt[node]++;
        }
    }

    void recordScan(int node, Status status, long waitNanos, long queueNanos) {
        record(SimOp.SCAN, node, status, waitNanos, queueNanos);
        scans[node]++;
    }

    void recordWrite(SimOp op, Status status, long waitNanos, long queueNanos, boolean applied) {
        record(op, 0, status, waitNanos, queueNanos);
        if (applied) {
            writesApplied++;
        }
    }

    private void record(SimOp op, int node, Status status, long waitNanos, long queueNanos) {
        operations.computeIfAbsent(op, o -> new OpTruth()).record(status, waitNanos, queueNanos);
        requests[node]++;
        queueingNanos[node] += queueNanos;
    }

    GroundTruth snapshot(long elapsedNanos, ThroughputLimiter[] limiters) {
        EnumMap<SimOp, OpTruth> ops = new EnumMap<>(SimOp.class);
        operations.forEach((op, t) -> ops.put(op, t.copy()));
        List<NodeTruth> nodes = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            NodeSpec s = specs.get(i);
            nodes.add(new NodeTruth(s.name(), i == 0, requests[i], reads[i], scans[i], writesApplied,
                    staleReadsAt[i], s.maxOpsPerSecond(), limiters[i].maxOutstandingRequests(),
                    limiters[i].hiccupNanosInjected(), queueingNanos[i]));
        }
        return new GroundTruth(seed, elapsedNanos, ops, stalenessNanos.copy(), versionsBehind.copy(), staleReads,
                nodes);
    }
}
