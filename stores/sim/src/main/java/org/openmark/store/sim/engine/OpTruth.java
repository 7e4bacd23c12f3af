package org.openmark.store.sim.engine;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openmark.api.Status;

/** Latency and queueing (nanoseconds) and status counts of one operation kind. */
public final class OpTruth {
    private final ValueHistogram latencyNanos;
    private final ValueHistogram queueingNanos;
    private final EnumMap<Status, Long> statuses;

    OpTruth() {
        this(new ValueHistogram(), new ValueHistogram(), new EnumMap<>(Status.class));
    }

    private OpTruth(ValueHistogram latency, ValueHistogram queueing, EnumMap<Status, Long> statuses) {
        this.latencyNanos = latency;
        this.queueingNanos = queueing;
        this.statuses = statuses;
    }

    void record(Status status, long waitNanos, long queueNanos) {
        latencyNanos.record(waitNanos);
        queueingNanos.record(queueNanos);
        statuses.merge(status, 1L, Long::sum);
    }

    OpTruth copy() {
        return new OpTruth(latencyNanos.copy(), queueingNanos.copy(), new EnumMap<>(statuses));
    }

    /** How many operations of this kind ran. */
    public long count() {
        return latencyNanos.count();
    }

    /** The simulated latencies (the waits the clients saw), in nanoseconds. */
    public ValueHistogram latencyNanos() {
        return latencyNanos.copy();
    }

    /** The queueing times T_i, in nanoseconds. */
    public ValueHistogram queueingNanos() {
        return queueingNanos.copy();
    }

    /** How many operations ended with each status. */
    public Map<Status, Long> statuses() {
        return Map.copyOf(statuses);
    }

    TruthReport.OpReport report() {
        Map<String, Long> byName = new LinkedHashMap<>();
        statuses.forEach((s, n) -> byName.put(s.name(), n));
        return new TruthReport.OpReport(count(), byName, latencyNanos.summaryMs(), queueingNanos.summaryMs());
    }
}
