package org.openmark.store.sim.engine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What really happened in a simulated store up to one moment (an immutable snapshot): every
 * operation's simulated latency and queueing time, the staleness of every read, per node
 * counters. Taken with {@code SimStore#groundTruth()}, the stats request, or
 * {@code sim.truth.file}.
 */
public final class GroundTruth {
    private final long seed;
    private final long elapsedNanos;
    private final EnumMap<SimOp, OpTruth> operations;
    private final ValueHistogram stalenessNanos;
    private final ValueHistogram versionsBehind;
    private final long staleReads;
    private final List<NodeTruth> nodes;

    GroundTruth(long seed, long elapsedNanos, EnumMap<SimOp, OpTruth> operations, ValueHistogram stalenessNanos,
            ValueHistogram versionsBehind, long staleReads, List<NodeTruth> nodes) {
        this.seed = seed;
        this.elapsedNanos = elapsedNanos;
        this.operations = operations;
        this.stalenessNanos = stalenessNanos;
        this.versionsBehind = versionsBehind;
        this.staleReads = staleReads;
        this.nodes = List.copyOf(nodes);
    }

    /** The engine's seed. */
    public long seed() {
        return seed;
    }

    /** Simulated time from the store's start to the last request. */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    /** Latency, queueing and statuses of one operation kind (empty when none ran). */
    public OpTruth operation(SimOp op) {
        OpTruth t = operations.get(op);
        return t == null ? new OpTruth() : t.copy();
    }

    /** How many single-record reads ran. */
    public long reads() {
        return versionsBehind.count();
    }

    /** How many reads returned a version older than the newest written at that moment. */
    public long staleReads() {
        return staleReads;
    }

    /** Per read, the time since the first write it missed (0 for a fresh read), nanoseconds. */
    public ValueHistogram stalenessNanos() {
        return stalenessNanos.copy();
    }

    /** Per read, how many writes of its key it missed. */
    public ValueHistogram versionsBehind() {
        return versionsBehind.copy();
    }

    /** Per node counters, the primary first. */
    public List<NodeTruth> nodes() {
        return nodes;
    }

    /** The snapshot as plain data (for JSON). */
    public TruthReport report() {
        Map<String, TruthReport.OpReport> ops = new LinkedHashMap<>();
        operations.forEach((op, t) -> ops.put(op.name(), t.report()));
        Map<String, Long> behind = new LinkedHashMap<>();
        for (HistogramIterationValue v : versionsBehind.histogram().recordedValues()) {
            behind.put(Long.toString(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
        }
        long reads = reads();
        TruthReport.ReadReport readReport = new TruthReport.ReadReport(reads, staleReads,
                reads == 0 ? 0 : staleReads / (double) reads, stalenessNanos.summaryMs(), behind);
        List<TruthReport.NodeReport> nodeReports = new ArrayList<>();
        nodes.forEach(n -> nodeReports.add(n.report()));
        return new TruthReport(seed, elapsedNanos / 1e6, ops, readReport, nodeReports);
    }

    /** The snapshot as pretty-printed JSON. */
    public String toJson() {
        return report().toJson();
    }
}
