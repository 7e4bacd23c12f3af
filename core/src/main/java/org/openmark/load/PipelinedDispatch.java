package org.openmark.load;

import java.util.function.LongConsumer;
import org.openmark.load.dispatch.Dispatch;
import org.openmark.load.dispatch.Timekeeping;
import org.openmark.workload.Operation;

/**
 * The open model's dispatch on a store whose sessions pipeline: the workers' {@link Dispatch},
 * whose operations may also be {@linkplain PipelinedCalls started} and left running
 * once their worker is done with them: {@code maxInFlight} bounds the two together, and the
 * started ones count as in flight (and as unfinished at the end) like those on workers.
 *
 * <p>In flight is what was offered minus what {@linkplain PipelinedCalls#ended ended}, two counts
 * that only grow: so {@link #hasRoom}, once true, stays true until the next offer, as the issuer
 * relies on. (Adding the workers' count to the started calls' would not do: while a worker
 * starts an operation, it counts on both sides for a moment.)
 */
final class PipelinedDispatch implements Dispatch {
    private final Dispatch workers;
    private final PipelinedCalls started;
    private final int maxInFlight;
    /** Operations offered; written by the issuing thread only. */
    private volatile long offered;

    /** {@code started} must also count every operation run on a worker ({@link PipelinedCalls#ranOnWorker}). */
    PipelinedDispatch(Dispatch workers, PipelinedCalls started, int maxInFlight) {
        this.workers = workers;
        this.started = started;
        this.maxInFlight = maxInFlight;
    }

    @Override
    public boolean hasRoom() {
        return workers.hasRoom() && offered - started.ended() < maxInFlight;
    }

    @Override
    public void offer(Operation operation, long intendedStartNanos) {
        if (offered - started.ended() >= maxInFlight) {
            throw new IllegalStateException("no room: " + inFlight() + " operations outstanding");
        }
        offered++; // before a worker can end it
        workers.offer(operation, intendedStartNanos);
    }

    @Override
    public long watch(long nowNanos) {
        return workers.watch(nowNanos);
    }

    @Override
    public void keepTime(Timekeeping timekeeping) throws InterruptedException {
        workers.keepTime(timekeeping);
    }

    @Override
    public int sessions() {
        return workers.sessions();
    }

    @Override
    public int inFlight() {
        return (int) (offered - started.ended());
    }

    @Override
    public long forEachInFlight(LongConsumer intendedStart) {
        return workers.forEachInFlight(intendedStart) + started.abandonOutstanding(intendedStart);
    }

    @Override
    public void close() {
        workers.close();
    }
}
