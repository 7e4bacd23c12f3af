package org.openmark.cluster.worker;

import org.openmark.api.Clock;
import org.openmark.cluster.protocol.EpochMicrosClock;
import org.openmark.timing.StopSignal;

/**
 * Where a worker waits for the common start instant the coordinator sent, in this worker's own
 * wall clock ({@link org.openmark.cluster.protocol.StartAt}); a stop opens it at once.
 */
final class StartGate {
    /** How long it sleeps at most before it looks at the stop signal again. */
    private static final long STOP_CHECK_NANOS = 50_000_000L;

    private final Clock clock;
    private final StopSignal stop;

    StartGate(Clock clock, StopSignal stop) {
        this.clock = clock;
        this.stop = stop;
    }

    /** Returns at {@code epochMicros} of this machine's wall clock, or earlier when stopped. */
    void await(long epochMicros) throws InterruptedException {
        long deadline = EpochMicrosClock.toNanoTime(epochMicros, clock);
        while (!stop.isStopped()) {
            long now = clock.nanoTime();
            long left = deadline - now;
            if (left <= 0) {
                return;
            }
            clock.parkUntil(now + Math.min(left, STOP_CHECK_NANOS));
        }
    }
}
