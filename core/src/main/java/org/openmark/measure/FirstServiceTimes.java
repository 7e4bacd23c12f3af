package org.openmark.measure;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service times of a phase's first operations: how fast the store answered before any
 * backlog could build. Who is to blame when operations wait for in-flight slots is decided on it:
 * at saturation every later operation queues in the store, and a median taken then (736 ms to
 * 2 s for a saturated Cassandra) makes any bound look too small for the rate.
 *
 * <p>The open model's writer notes each completion until {@value #COUNT} are held; after that a
 * completion costs one volatile read. Read once the phase has ended.
 */
public final class FirstServiceTimes {
    /** How many first operations are kept. */
    public static final int COUNT = 64;

    private final long[] micros = new long[COUNT];
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean full;

    void record(long actualStartNanos, long completedNanos) {
        if (full) {
            return;
        }
        int i = next.getAndIncrement();
        if (i >= COUNT) {
            full = true;
            return;
        }
        micros[i] = Measurements.micros(actualStartNanos, completedNanos);
    }

    /** How many were kept (at most {@value #COUNT}). */
    public int count() {
        return Math.min(next.get(), COUNT);
    }

    /** Their median in microseconds, or 0 when no operation completed. */
    public long medianMicros() {
        int n = count();
        if (n == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(micros, n);
        Arrays.sort(sorted);
        return sorted[n / 2];
    }
}
