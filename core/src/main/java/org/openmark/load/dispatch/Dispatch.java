package org.openmark.load.dispatch;

import java.util.function.LongConsumer;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.timing.Tasks;
import org.openmark.workload.Operation;

/**
 * Where the open model's operations run once they are due, with at most {@code maxInFlight}
 * outstanding: on reused workers that the scheduler's {@link #watch} keeps from leaving
 * operations behind a blocked one ({@link WorkerPool}, real time), or on a thread each
 * ({@link ThreadPerOperation}, virtual time). What a worker does with an operation is the load
 * model's {@link OperationHandler}. Only the thread that issues the schedule (one at a time)
 * calls {@link #offer} and {@link #watch}.
 */
public interface Dispatch extends AutoCloseable {

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
    static Dispatch forTasks(Tasks tasks, Clock clock, Store store, int maxInFlight, OperationHandler handler) {
        return tasks.realTime()
                ? new WorkerPool(clock, store, maxInFlight, handler)
                : new ThreadPerOperation(store, tasks, maxInFlight, handler);
    }
}
