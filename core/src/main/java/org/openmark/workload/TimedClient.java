package org.openmark.workload;

/**
 * A client whose run-phase operations come with their own intended start times (a replayed trace):
 * the open model issues operation {@code i} at the start plus {@link #intendedOffsetNanos}{@code (i)}
 * rather than drawing arrivals, so the recorded schedule is kept, gaps and bursts alike.
 */
public interface TimedClient extends WorkloadClient {

    /**
     * When the {@code index}-th operation (from 0, in the order {@link #nextOperation} returns them)
     * is due, in nanoseconds after the phase's start; {@link Long#MAX_VALUE} when there is no such
     * operation. Never decreasing with {@code index}.
     */
    long intendedOffsetNanos(long index);
}
