package org.openmark.load.dispatch;

/**
 * The open model's timekeeping: waiting for each arrival and handing the due operations to a
 * {@link Dispatch} (the load model's issuer implements it). A dispatch runs it
 * ({@link Dispatch#keepTime}): on the calling thread, or in turns on its workers
 * ({@link WorkerPool}, through its {@link TimekeepingRelay}); one thread at a time calls {@link #keep}.
 */
public interface Timekeeping {
    /** How a turn at {@link #keep} ended. */
    enum Turn {
        /** The schedule has ended. */
        ENDED,
        /** Operations were queued and the next arrival is not due yet: the caller runs them. */
        YIELDED,
        /** While the caller waited, another worker took the role over. */
        TAKEN_OVER
    }

    /** One turn: waits for arrivals through {@code waiter} and offers them; returns how the turn ended. */
    Turn keep(ArrivalWaiter waiter) throws InterruptedException;

    /** The next arrival's intended start (after {@link #keep} returned). */
    long nextDueNanos();

    /** The whole schedule on the calling thread, waiting through the clock. */
    void keepAll() throws InterruptedException;

    /** Ends the schedule early: the current or next turn returns {@link Turn#ENDED}. */
    void abandon();
}
