package org.openmark.services.server;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Polls a condition every {@code poll} until it holds or {@code timeout} has passed, on an injected
 * {@link Time}. One deadline may be shared by several conditions (a ring wait asks each node in turn).
 */
public final class Wait {
    private final Time time;
    private final long deadlineNanos;
    private final Duration poll;

    private Wait(Time time, Duration timeout, Duration poll) {
        this.time = time;
        this.deadlineNanos = time.nanoTime() + timeout.toNanos();
        this.poll = poll;
    }

    /** A wait whose deadline starts now. */
    public static Wait of(Time time, Duration timeout, Duration poll) {
        return new Wait(time, timeout, poll);
    }

    /** True when the deadline has passed. */
    public boolean expired() {
        return time.nanoTime() - deadlineNanos >= 0;
    }

    /** Sleeps one poll interval. */
    public void pause() {
        time.sleep(poll);
    }

    /** Polls {@code condition} until it holds (true) or the deadline passes (false); it is asked at least once. */
    public boolean until(BooleanSupplier condition) {
        while (!condition.getAsBoolean()) {
            if (expired()) {
                return false;
            }
            pause();
        }
        return true;
    }
}
