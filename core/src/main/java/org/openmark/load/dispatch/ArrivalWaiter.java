package org.openmark.load.dispatch;

/** How the thread that keeps time waits for the next arrival ({@link Timekeeping#keep}). */
public interface ArrivalWaiter {
    /**
     * Waits until {@code deadlineNanos} (the next arrival's intended start {@code dueNanos}, or
     * earlier). False when, meanwhile, another thread took over the timekeeping.
     */
    boolean awaitUntil(long deadlineNanos, long dueNanos) throws InterruptedException;
}
