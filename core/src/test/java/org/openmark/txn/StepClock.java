package org.openmark.txn;

import java.util.ArrayList;
import java.util.List;
import org.openmark.api.Clock;

/** A single-threaded fake clock: a wait jumps time to its deadline and is remembered. */
final class StepClock implements Clock {
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

    @Override
    public void parkUntil(long deadlineNanos) {
        if (deadlineNanos > nowNanos) {
            waitsNanos.add(deadlineNanos - nowNanos);
            nowNanos = deadlineNanos;
        }
    }

    /** How long each wait lasted, in order. */
    List<Long> waitsNanos() {
        return waitsNanos;
    }
}
