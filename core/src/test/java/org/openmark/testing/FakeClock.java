package org.openmark.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Clock;

/**
 * The tests' clock: time moves only when a test advances it or when a thread parks, and a park
 * jumps to its deadline, so a simulated wait takes no real time. Every park is remembered.
 * Two variants: {@link #advancingOnRead} (each reading a fixed step after the previous one, so
 * printed timings are known) and {@link #endingAt} (time stops there: a park beyond it waits
 * until the thread is interrupted, as a run that ends first would leave it). Thread-safe; for
 * threads that wait on each other use {@link org.openmark.timing.VirtualClock}.
 */
public final class FakeClock implements Clock {
    private static final long EPOCH_MILLIS = 1_700_000_000_000L;

    private final AtomicLong nanos;
    private final long readStepNanos;
    private final long endNanos;
    private final List<Long> parkDeadlines = new ArrayList<>();
    private final List<Long> waitsNanos = new ArrayList<>();

    public FakeClock() {
        this(0);
    }

    public FakeClock(long startNanos) {
        this(startNanos, 0, Long.MAX_VALUE);
    }

    private FakeClock(long startNanos, long readStepNanos, long endNanos) {
        this.nanos = new AtomicLong(startNanos);
        this.readStepNanos = readStepNanos;
        this.endNanos = endNanos;
    }

    /** A clock at 0 whose every reading is {@code stepNanos} after the previous one. */
    public static FakeClock advancingOnRead(long stepNanos) {
        return new FakeClock(0, stepNanos, Long.MAX_VALUE);
    }

    /** A clock at 0 that never passes {@code endNanos}: a park beyond it waits until interrupted. */
    public static FakeClock endingAt(long endNanos) {
        return new FakeClock(0, 0, endNanos);
    }

    @Override
    public long nanoTime() {
        return readStepNanos == 0 ? nanos.get() : nanos.addAndGet(readStepNanos);
    }

    @Override
    public long currentTimeMillis() {
        return EPOCH_MILLIS + nanos.get() / 1_000_000;
    }

    /** Jumps to the deadline when it is ahead (a wait); a deadline passed returns at once. Both are remembered. */
    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        if (deadlineNanos > endNanos) {
            new CountDownLatch(1).await(); // time stops at the end: until interrupted
        }
        synchronized (parkDeadlines) {
            parkDeadlines.add(deadlineNanos);
            long before = nanos.getAndAccumulate(deadlineNanos, Math::max);
            if (deadlineNanos > before) {
                waitsNanos.add(deadlineNanos - before);
            }
        }
    }

    /** Moves time forward without a wait (work that took time). */
    public void advance(Duration d) {
        advance(d.toNanos());
    }

    /** Moves time forward by {@code delta} nanoseconds without a wait. */
    public void advance(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("time does not go back: " + delta);
        }
        nanos.addAndGet(delta);
    }

    /** The deadline of every park so far, in order. */
    public List<Long> parkDeadlines() {
        synchronized (parkDeadlines) {
            return List.copyOf(parkDeadlines);
        }
    }

    /** How long each park that moved time waited, in order. */
    public List<Long> waitsNanos() {
        synchronized (parkDeadlines) {
            return List.copyOf(waitsNanos);
        }
    }
}
