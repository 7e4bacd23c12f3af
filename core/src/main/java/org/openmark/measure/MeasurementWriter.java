package org.openmark.measure;

import org.openmark.api.Status;

/**
 * Where a driver records finished operations. Times are nanoseconds from the run's clock;
 * histograms hold microseconds. A writer from {@link Measurements#newThreadWriter()} is used
 * by one thread only; {@link Measurements#sharedWriter()} may be used by any thread.
 */
public interface MeasurementWriter {

    /**
     * Records one finished operation.
     *
     * @param intendedStartNanos when the schedule wanted it to start
     * @param actualStartNanos when it was handed to the store
     * @param completedNanos when the store answered
     */
    void record(String op, Status status, long intendedStartNanos, long actualStartNanos, long completedNanos);

    /**
     * A buffer for operations that run back to back on the calling thread, to be recorded with
     * {@link #record(BackToBack)}. A writer with a collector lets it take the buffer's finished
     * operations while a later call of the chain is still running, so a stalled call holds none
     * of them back.
     */
    default BackToBack backToBack(int capacity) {
        return new BackToBack(capacity);
    }

    /**
     * Records the operations of {@code operations} (one of this writer's {@link #backToBack}s)
     * that no collector has taken, as {@link #record} one by one would, and empties it.
     */
    default void record(BackToBack operations) {
        for (int i = operations.seal(); i < operations.size(); i++) {
            long start = operations.start(i);
            record(operations.name(i), operations.status(i), start, start, operations.end(i));
        }
        operations.clear();
    }

    /**
     * Records one store call made inside a composite operation (no schedule of its own: its
     * latency is its service time). Reported with the operation's name, not counted as issued.
     */
    void recordInner(String op, Status status, long startNanos, long completedNanos);

    /** Counts one operation as issued (before it runs), for the accounting. */
    void issued();
}
