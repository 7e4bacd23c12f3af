package org.openmark.workload.generator;

import java.util.concurrent.atomic.AtomicLong;

/** Hands out start, start+1, start+2, … to any number of threads (thread-safe). */
public final class CounterGenerator {
    private final AtomicLong next;

    /** A counter whose first value is {@code start}. */
    public CounterGenerator(long start) {
        next = new AtomicLong(start);
    }

    /** The next value; each value is handed out once. */
    public long next() {
        return next.getAndIncrement();
    }

    /** The value the next call to {@link #next()} will return. */
    public long peek() {
        return next.get();
    }
}
