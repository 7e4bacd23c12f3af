package org.openmark.store.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Clock;

/**
 * A clock for tests: time moves only when a test advances it, or when a thread parks (the clock
 * then jumps to the deadline, so a simulated wait takes no real time). Records every park.
 * Thread-safe.
 */
public final class FakeClock implements Clock {
    private static final long EPOCH_MILLIS = 1_700_000_000_000L;

    private final AtomicLong nanos;
    private final List<Long> parkDeadlines = new ArrayList<>();

    public FakeClock() {
        this(0);
    }

    public FakeClock(long startNanos) {
        this.nanos = new AtomicLong(startNanos);
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long currentTimeMillis() {
        return EPOCH_MILLIS + nanos.get() / 1_000_000;
    }

    @Override
    public void parkUntil(long deadlineNanos) {
        synchronized (parkDeadlines) {
            parkDeadlines.add(deadlineNanos);
        }
        nanos.accumulateAndGet(deadlineNanos, Math::max);
    }

    /** Moves time forward. */
    public void advance(Duration d) {
        advanceNanos(d.toNanos());
    }

    /** Moves time forward by {@code delta} nanoseconds. */
    public void advanceNanos(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("time does not go back: " + delta);
        }
        nanos.addAndGet(delta);
    }

    /** Sets the time (never backwards). */
    public void setNanos(long t) {
        nanos.accumulateAndGet(t, Math::max);
    }

    /** The deadlines of all parks so far, in order. */
    public List<Long> parkDeadlines() {
        synchronized (parkDeadlines) {
            return List.copyOf(parkDeadlines);
        }
    }
}
