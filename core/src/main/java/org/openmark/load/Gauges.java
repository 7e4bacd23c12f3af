package org.openmark.load;

import java.util.concurrent.atomic.AtomicLong;

/** Live figures of a running phase, read by the status line and the time series. */
public final class Gauges {
    private final AtomicLong inFlight = new AtomicLong();

    /** Operations handed to the store and not yet answered. */
    public long inFlight() {
        return inFlight.get();
    }

    void operationStarted() {
        inFlight.incrementAndGet();
    }

    void operationEnded() {
        inFlight.decrementAndGet();
    }
}
