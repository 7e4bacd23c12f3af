package org.openmark.workload;

import java.util.ArrayList;
import java.util.List;
import org.openmark.api.Clock;

/** A clock that only moves when parked on: parkUntil jumps to the deadline and records the wait. */
final class FakeClock implements Clock {
    long nowNanos;
    final List<Long> parkedNanos = new ArrayList<>();

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
        parkedNanos.add(deadlineNanos - nowNanos);
        nowNanos = Math.max(nowNanos, deadlineNanos);
    }
}
