package org.openmark.load;

import org.openmark.api.Status;
import org.openmark.workload.Operation;

/**
 * Where a phase's ended operations go one by one, beside the histograms: a trace of the run
 * ({@code --record-ops}). Called on the thread that saw the operation end, in the middle of the
 * schedule, so an implementation only hands the operation on (it never waits and never writes).
 */
public interface OperationLog {
    /** No log: nothing is kept. */
    OperationLog NONE = new OperationLog() {
        @Override
        public void opened(long startNanos) {
        }

        @Override
        public void ended(Operation op, Status status, long intendedStartNanos, long actualStartNanos,
                long endNanos, int client) {
        }

        @Override
        public boolean enabled() {
            return false;
        }
    };

    /** The phase's measured window opened at {@code startNanos} (its clock): times count from there. */
    void opened(long startNanos);

    /**
     * One operation ended.
     *
     * @param client the workload client that made it (a closed-model client thread, or the open model's share)
     */
    void ended(Operation op, Status status, long intendedStartNanos, long actualStartNanos, long endNanos, int client);

    /** False for {@link #NONE}: the drivers then skip the call. */
    default boolean enabled() {
        return true;
    }
}
