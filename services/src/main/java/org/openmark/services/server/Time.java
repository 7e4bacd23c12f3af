package org.openmark.services.server;

import java.time.Duration;

/** The clock and the sleep of every wait, injected so that tests advance a fake one instead of sleeping. */
public interface Time {
    /** A monotonic reading, for elapsed times and deadlines. */
    long nanoTime();

    /** Milliseconds since the epoch, for what is written down or compared with other programs' timestamps. */
    long epochMillis();

    /** Seconds since the epoch, for what is written down (when a node left the ring). */
    default long epochSeconds() {
        return Math.floorDiv(epochMillis(), 1000);
    }

    void sleep(Duration duration);

    static Time system() {
        return new Time() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public long epochMillis() {
                return System.currentTimeMillis();
            }

            @Override
            public void sleep(Duration duration) {
                try {
                    Thread.sleep(duration);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw CommandException.failed("interrupted");
                }
            }
        };
    }

    /** Whole seconds since {@code startNanos} (a reading of {@link #nanoTime()}). */
    default long secondsSince(long startNanos) {
        return Duration.ofNanos(nanoTime() - startNanos).toSeconds();
    }
}
