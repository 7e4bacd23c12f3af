package org.openmark.load;

import java.util.function.LongConsumer;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.timing.Tasks;
import org.openmark.workload.Operation;

/**
 * Where the open model's operations run once they are due, with at most {@code maxInFlight}
 * outstanding: on reused workers that the scheduler's {@link #watch} keeps from leaving
 * operations behind a blocked one, or on a thread each. Only the thread that issues the
 * schedule (one at a time) calls {@link #offer} and {@link #watch}.
 */
interface Dispatch extends AutoCloseable {

    /** What runs one operation on a lane (the session it was given). */
    interface Body {
        void run(Lane lane, Operation operation, long intendedStartNanos);

        /**
         * Called when the lane's thread has run operations and finds none queued: an operation
         * started on a {@link org.openmark.api.PipelinedSession} may have left its request queued
         * to be sent with the next ones. The default does nothing.
         */
        default void flush(Lane lane) {
        }
    }

    /**
     * The session an operation runs on, and the view of it that records inner calls (made by
     * the body on first use and kept, so a long run does not allocate one per operation).
     */
    final class Lane {
        final Session session;
        Session measured;
        /** Whether the session made its round trip before the schedule began (its connection is open). */
        boolean opened;

        Lane(Session session) {
            this.session = session;
        }
    }

    /**
     * Whether {@link #offer} would take an operation now (fewer than {@code maxInFlight} are
     * outstanding). Stays true until the next offer: only offers add outstanding operations.
     */
    boolean hasRoom();

    /**
     * Starts {@code operation} now.
     *
     * @throws IllegalStateException when there is no room (the caller checks {@link #hasRoom})
     */
    void offer(Operation operation, long intendedStartNanos);

    /**
     * Called by the scheduler whenever it wakes (and now and then while it catches up): makes
     * sure queued operations are not left behind one that blocks in the store. Returns when it
     * wants to be called next ({@link Long#MAX_VALUE}: not until the next offer).
     */
    long watch(long nowNanos);

    /**
     * Runs {@code timekeeping} until the schedule ends: here, on the calling thread; a dispatch
     * whose workers can take turns at it does so ({@link WorkerPool}, through its
     * {@link TimekeepingRelay}). Interrupted, it abandons the schedule, waits for the timekeeping
     * to end and rethrows.
     */
    default void keepTime(Timekeeping timekeeping) throws InterruptedException {
        timekeeping.keepAll();
    }

    /** How many sessions (for network stores, connections) the dispatch opened so far. */
    int sessions();

    /** Operations handed to {@link #offer} and not finished. */
    int inFlight();

    /** Calls {@code intendedStart} for each operation still outstanding; returns how many. After the run. */
    long forEachInFlight(LongConsumer intendedStart);

    /** Ends idle threads and closes sessions not in use. */
    @Override
    void close();

    /**
     * The dispatch for these tasks: reused workers for real threads, a thread per operation in
     * virtual time. {@code clock} is the one the schedule's times are on (in real time, the real one).
     */
    static Dispatch forTasks(Tasks tasks, Clock clock, Store store, int maxInFlight, Body body) {
        return tasks.realTime()
                ? new WorkerPool(clock, store, maxInFlight, body)
                : new ThreadPerOperation(store, tasks, maxInFlight, body);
    }
}
