package org.openmark.load;

import java.util.function.LongConsumer;
import org.openmark.workload.Operation;

/**
 * A dispatch whose operations may also be {@linkplain PipelinedCalls started} and left running
 * once their worker is done with them: {@code maxInFlight} bounds the two together, and the
 * started ones count as in flight (and as unfinished at the end) like those on workers.
 *
 * <p>While a worker starts an operation, that operation counts on both sides for a moment, so
 * {@link #hasRoom} may turn false for that moment without an offer; the issuer then waits for
 * room as it would for any other operation.
 */
final class PipelinedDispatch implements Dispatch {
    private final Dispatch workers;
    private final PipelinedCalls started;
    private final int maxInFlight;

    PipelinedDispatch(Dispatch workers, PipelinedCalls started, int maxInFlight) {
        this.workers = workers;
        this.started = started;
        this.maxInFlight = maxInFlight;
    }

    @Override
    public boolean hasRoom() {
        return workers.hasRoom() && workers.inFlight() + started.outstanding() < maxInFlight;
    }

    @Override
    public void offer(Operation operation, long intendedStartNanos) {
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
        return workers.inFlight() + started.outstanding();
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
