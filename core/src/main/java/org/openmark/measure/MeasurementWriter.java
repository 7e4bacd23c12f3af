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
     * Records one store call made inside a composite operation (no schedule of its own: its
     * latency is its service time). Reported with the operation's name, not counted as issued.
     */
    void recordInner(String op, Status status, long startNanos, long completedNanos);

    /** Counts one operation as issued (before it runs), for the accounting. */
    void issued();
}
