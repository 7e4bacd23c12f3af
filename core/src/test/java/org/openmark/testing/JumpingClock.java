package org.openmark.testing;

import java.util.ArrayList;
import java.util.List;
import org.openmark.api.Clock;

/**
 * A single-threaded fake clock: time moves only when someone waits, and a wait jumps it to its
 * deadline and is remembered. For logic that waits on one thread (back-offs, pacing, retries);
 * several threads waiting on each other need {@link org.openmark.timing.VirtualClock}.
 */
public final class JumpingClock implements Clock {
    private long nowNanos;
    private final List<Long> waitsNanos = new ArrayList<>();

    @Override
    public long nanoTime() {
        return nowNanos;
    }

    @Override
    public long currentTimeMillis() {
        return nowNanos / 1_000_000;
    }

    /** Jumps to the deadline when it is ahead (a wait, remembered); a deadline passed returns at once. */
    @Override
    public void parkUntil(long deadlineNanos) {
        if (deadlineNanos > nowNanos) {
            waitsNanos.add(deadlineNanos - nowNanos);
            nowNanos = deadlineNanos;
        }
    }

    /** Moves time forward by {@code nanos} without a wait (work that took time). */
    public void advance(long nanos) {
        nowNanos += nanos;
    }

    /** How long each wait lasted, in order. */
    public List<Long> waitsNanos() {
        return waitsNanos;
    }
}
