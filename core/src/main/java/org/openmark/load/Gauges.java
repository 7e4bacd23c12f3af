package org.openmark.load;

import java.util.concurrent.atomic.LongAdder;

/**
 * Live figures of a running phase, read by the status line and the time series. A striped
 * counter: every operation passes it twice, on many threads, and it is read once an interval.
 */
public final class Gauges {
    private final LongAdder inFlight = new LongAdder();

    /** Operations handed to the store and not yet answered. */
    public long inFlight() {
        return inFlight.sum();
    }

    void operationStarted() {
        inFlight.increment();
    }

    void operationEnded() {
        inFlight.decrement();
    }
}
