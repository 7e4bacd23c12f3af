package org.openmark.testing;

import org.openmark.api.Clock;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadClient;

/**
 * A workload's run operations, each taking {@code makeNanos} of the clock to make (none when 0),
 * made ahead in call chains when {@code ahead}, else one at a time.
 */
public record SlowToMake(Workload inner, Clock clock, long makeNanos, boolean ahead) implements Workload {
    @Override
    public String table() {
        return inner.table();
    }

    @Override
    public long loadOperationCount() {
        return inner.loadOperationCount();
    }

    @Override
    public WorkloadClient newClient(int clientIndex, int clientCount, long seed) {
        WorkloadClient client = inner.newClient(clientIndex, clientCount, seed);
        return new WorkloadClient() {
            @Override
            public Operation nextLoadOperation() {
                return client.nextLoadOperation();
            }

            @Override
            public boolean makesAheadAlike() {
                return ahead;
            }

            @Override
            public Operation nextOperation() {
                if (makeNanos > 0) {
                    try {
                        clock.parkUntil(clock.nanoTime() + makeNanos);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return client.nextOperation();
            }
        };
    }
}
