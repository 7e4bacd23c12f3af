package org.openmark.workload;

import java.util.SplittableRandom;
import org.openmark.api.Clock;

/**
 * How a failed load-phase insert is retried ({@code core_workload_insertion_retry_limit} and
 * {@code core_workload_insertion_retry_interval}): up to {@code limit} more attempts, each after
 * a wait drawn uniformly from [0.8, 1.2) times {@code intervalNanos}, waited on {@code clock}.
 */
record InsertRetry(int limit, long intervalNanos, Clock clock) {

    /** Waits before a retry; false when the wait was interrupted (the interrupt flag is kept). */
    boolean await(SplittableRandom jitter) {
        long waitNanos = (long) (intervalNanos * (0.8 + 0.4 * jitter.nextDouble()));
        try {
            clock.parkUntil(clock.nanoTime() + waitNanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
