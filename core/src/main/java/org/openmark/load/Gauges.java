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
    // Written by the open model's issuer only when an arrival waits or is dropped (rare, and each
    // wait is long), read by live metrics once an interval.
    private final LongAdder waitedForSlot = new LongAdder();
    private final LongAdder dropped = new LongAdder();

    /** Operations handed to the store and not yet answered. */
    public long inFlight() {
        long n = inFlight.sum();
        for (LongSupplier s : sources) {
            n += s.getAsLong();
        }
        return n;
    }

    /** Arrivals so far that waited for a free in-flight slot (open model). */
    public long waitedForSlot() {
        return waitedForSlot.sum();
    }

    /** Arrivals so far dropped for lack of a slot ({@code --on-overload drop}). */
    public long dropped() {
        return dropped.sum();
    }

    void slotWaited() {
        waitedForSlot.increment();
    }

    void arrivalDropped() {
        dropped.increment();
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
