package org.openmark.store.sim.engine;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.openmark.api.Clock;

/**
 * Serializes all requests through one {@link SimEngine} and stamps each with its arrival time
 * read from the injected clock inside the lock, so arrivals reach the engine in time order and
 * the engine's state is one exact timeline. Thread-safe.
 */
public final class SerializedEngine {
    /** Where the engine's time (hiccup start times, ground-truth times) counts from. */
    public enum Epoch {
        /** When the store starts (opens, or the server starts listening). */
        STORE_START,
        /**
         * When the first request arrives: a server started before its clients are ready (a cluster
         * run's workers join and prepare first) still has its hiccups at their times into the run.
         */
        FIRST_REQUEST
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final SimEngine engine;
    private final Clock clock;
    private final Epoch epoch;
    private long epochNanos;
    private boolean started;
    private long lastArrivalNanos;

    /** An engine whose time starts now, by {@code clock}. */
    public SerializedEngine(SimEngine engine, Clock clock) {
        this(engine, clock, Epoch.STORE_START);
    }

    /** An engine whose time starts now or at the first request. */
    public SerializedEngine(SimEngine engine, Clock clock, Epoch epoch) {
        this.engine = engine;
        this.clock = clock;
        this.epoch = epoch;
        this.epochNanos = clock.nanoTime();
        this.started = epoch == Epoch.STORE_START;
    }

    /** A reply and the clock time ({@link Clock#nanoTime()}) at which its request arrived. */
    public record Timed(SimReply reply, long arrivalClockNanos) {
        /** The clock time at which the client sees the reply. */
        public long dueClockNanos() {
            return reply instanceof SimReply.OpReply op ? arrivalClockNanos + op.waitNanos() : arrivalClockNanos;
        }
    }

    /** Serves a request arriving now. */
    public Timed execute(SimRequest request) {
        lock.lock();
        try {
            if (request instanceof SimRequest.Stats) {
                // A stats request (a harness checking the server is up, a client opening its
                // connection) is not the run's first request and does not move the store's time:
                // before the first request that would put every later one behind its own arrival.
                return new Timed(engine.execute(request, lastArrivalNanos), epochNanos + lastArrivalNanos);
            }
            if (!started) {
                started = true;
                epochNanos = clock.nanoTime();
            }
            // A clock read on another thread just before ours may be later; never go back.
            long arrival = Math.max(lastArrivalNanos, clock.nanoTime() - epochNanos);
            lastArrivalNanos = arrival;
            return new Timed(engine.execute(request, arrival), epochNanos + arrival);
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code query} on the engine while no request is served (for snapshots). */
    public <T> T inspect(Function<SimEngine, T> query) {
        lock.lock();
        try {
            return query.apply(engine);
        } finally {
            lock.unlock();
        }
    }

    /** The clock time at which the store started. */
    public long epochClockNanos() {
        return epochNanos;
    }
}
