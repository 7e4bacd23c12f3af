package org.openmark.trace;

import java.util.Set;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;
import org.openmark.workload.TimedClient;

/** A replay's one client: the trace's operations in order, each due at its recorded offset. */
final class ReplayClient implements TimedClient {
    private final ReplaySchedule schedule;
    private final ReplayValues values;
    private final String fieldPrefix;
    private int next;

    ReplayClient(ReplaySchedule schedule, ReplayValues values, String fieldPrefix) {
        this.schedule = schedule;
        this.values = values;
        this.fieldPrefix = fieldPrefix;
    }

    @Override
    public Operation nextLoadOperation() {
        return null; // a replay has no load phase of its own
    }

    @Override
    public Operation nextOperation() {
        if (next >= schedule.operations().size()) {
            return null;
        }
        TraceRecord r = schedule.operations().get(next++);
        ReplayedCall call = ReplayedCall.of(r.operation());
        OperationTarget target = new OperationTarget(r.table(), r.key(), r.fieldCount(), r.bytes(), r.scanLength());
        boolean writes = call == ReplayedCall.UPDATE || call == ReplayedCall.INSERT
                || call == ReplayedCall.READ_MODIFY_WRITE;
        Set<String> fields = writes ? null : ReplayOperation.fields(fieldPrefix, r.fieldCount());
        return new ReplayOperation(call, target, fields, writes ? values.values(r.fieldCount(), r.bytes()) : null);
    }

    @Override
    public long intendedOffsetNanos(long index) {
        long[] offsets = schedule.offsetsNanos();
        return index < offsets.length ? offsets[(int) index] : Long.MAX_VALUE;
    }

    @Override
    public boolean makesAheadAlike() {
        return true;
    }
}
