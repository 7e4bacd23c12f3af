package org.openmark.cluster.coordinator;

import java.util.List;

/**
 * How a cluster run ended, as the coordinator's actor saw it: every worker with its result (or
 * what it delivered before it was lost).
 *
 * @param runStartNanos the common start instant, by the coordinator's clock
 *     ({@link org.openmark.api.Clock#nanoTime()})
 * @param timeline the run's intervals on the coordinator's clock (null when it never started)
 * @param stopped whether the run was stopped (Ctrl-C, or a lost worker under --on-worker-loss abort)
 * @param stopReason why, when stopped
 */
public record CoordinatorOutcome(List<WorkerSlot> workers, long runStartNanos, RunTimeline timeline, boolean stopped,
        String stopReason) {

    /** The run could not be carried out; the message says why and what to do. */
    public static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean badInput;
        private final boolean storeUnreachable;

        public Failure(String message, boolean badInput) {
            this(message, badInput, false);
        }

        public Failure(String message, boolean badInput, boolean storeUnreachable) {
            super(message);
            this.badInput = badInput;
            this.storeUnreachable = storeUnreachable;
        }

        /** True when a worker refused the run's input (exit code 2). */
        public boolean badInput() {
            return badInput;
        }

        /** True when a worker's pre-flight found the store not answering (exit code 4). */
        public boolean storeUnreachable() {
            return storeUnreachable;
        }
    }
}
