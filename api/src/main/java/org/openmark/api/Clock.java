package org.openmark.api;

/**
 * The source of time for everything that schedules, waits or simulates. Production code uses
 * {@link #system()}; tests use a fake clock that they advance by hand, so nothing sleeps.
 * Stores that simulate latency (the simulated store) wait through the clock they are given.
 */
public interface Clock {

    /** Monotonic time in nanoseconds (arbitrary origin, as {@link System#nanoTime()}). */
    long nanoTime();

    /** Wall-clock time in milliseconds since the epoch. */
    long currentTimeMillis();

    /**
     * Blocks the calling thread until {@link #nanoTime()} is at least {@code deadlineNanos}.
     * Returns at once when the deadline has passed.
     */
    void parkUntil(long deadlineNanos) throws InterruptedException;

    /** The real clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
