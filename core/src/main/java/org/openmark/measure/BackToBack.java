package org.openmark.measure;

import org.openmark.api.Status;

/**
 * Operations that ran back to back, unpaced, kept to be recorded together: a closed-model call
 * chain's. Each started when the one before it ended, and its intended start is its actual start
 * (no schedule), so its response time is its service time and its send lag zero. A thread's
 * writer records them all in one go ({@link MeasurementWriter#record(BackToBack)}): one entry
 * into its phase with the collector, where each operation on its own would take a volatile store.
 * Holds up to a fixed number; not thread-safe (one per client thread).
 */
public final class BackToBack {
    private final String[] names;
    private final Status[] statuses;
    private final long[] starts;
    private final long[] ends;
    private int size;

    /** Room for {@code capacity} operations. */
    public BackToBack(int capacity) {
        names = new String[capacity];
        statuses = new Status[capacity];
        starts = new long[capacity];
        ends = new long[capacity];
    }

    /** Adds an operation that ran from {@code startNanos} to {@code completedNanos}. */
    public void add(String op, Status status, long startNanos, long completedNanos) {
        names[size] = op;
        statuses[size] = status;
        starts[size] = startNanos;
        ends[size] = completedNanos;
        size++;
    }

    /** How many operations it holds. */
    public int size() {
        return size;
    }

    /** Empties it for the next chain. */
    public void clear() {
        size = 0;
    }

    /** The {@code i}-th operation's name. */
    public String name(int i) {
        return names[i];
    }

    /** The {@code i}-th operation's status. */
    public Status status(int i) {
        return statuses[i];
    }

    /** When the {@code i}-th operation started (clock nanos). */
    public long start(int i) {
        return starts[i];
    }

    /** When the {@code i}-th operation ended (clock nanos). */
    public long end(int i) {
        return ends[i];
    }
}
