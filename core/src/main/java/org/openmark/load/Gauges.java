package org.openmark.load;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Live figures of a running phase, read by the status line and the time series. Operations
 * that start and end on many threads pass a striped counter twice each; a load model whose
 * threads already know what they have in the store (one closed-model client, one operation)
 * adds that as a source instead, read once an interval.
 */
public final class Gauges {
    private final LongAdder inFlight = new LongAdder();
    private final List<LongSupplier> sources = new CopyOnWriteArrayList<>();

    /** Operations handed to the store and not yet answered. */
    public long inFlight() {
        long n = inFlight.sum();
        for (LongSupplier s : sources) {
            n += s.getAsLong();
        }
        return n;
    }

    void operationStarted() {
        inFlight.increment();
    }

    void operationEnded() {
        inFlight.decrement();
    }

    /** Counts {@code inFlightSource}'s operations too, from now on. */
    void countAlso(LongSupplier inFlightSource) {
        sources.add(inFlightSource);
    }
}
