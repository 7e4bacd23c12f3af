package org.openmark.services.server;

import java.time.Duration;

/** A clock that moves only when something sleeps. */
public final class FakeTime implements Time {
    private long nanos;

    @Override
    public long nanoTime() {
        return nanos;
    }

    @Override
    public long epochMillis() {
        return 1_795_000_000_000L + nanos / 1_000_000L;
    }

    @Override
    public void sleep(Duration duration) {
        nanos += duration.toNanos();
    }
}
