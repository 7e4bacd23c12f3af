package org.openmark.trace;

import org.openmark.config.ConfigException;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * A trace replayed (workload {@value #NAME}): its operations, each at its recorded intended start (over
 * {@code trace.speed}), under the open model. One client: a trace is replayed by one process.
 */
final class ReplayWorkload implements Workload {
    static final String NAME = "trace";

    private final ReplaySchedule schedule;
    private final String fieldPrefix;

    ReplayWorkload(ReplaySchedule schedule, String fieldPrefix) {
        this.schedule = schedule;
        this.fieldPrefix = fieldPrefix;
    }

    @Override
    public String table() {
        return schedule.operations().isEmpty() ? schedule.header().config().getOrDefault("table", "usertable")
                : schedule.operations().get(0).table();
    }

    @Override
    public long loadOperationCount() {
        return 0;
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        if (clientCount != 1) {
            throw new ConfigException("workload=" + NAME + " is replayed by one open-model client in one process, not "
                    + clientCount + " (use the open model: --model open, and no --cluster)");
        }
        return new ReplayClient(schedule, new ReplayValues(fieldPrefix, seed), fieldPrefix);
    }

    ReplaySchedule schedule() {
        return schedule;
    }
}
