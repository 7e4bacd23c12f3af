package org.openmark.testing;

import java.util.TreeMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Clock;

/**
 * A clock whose time advances only when every registered thread is waiting on it: then it
 * jumps to the earliest deadline. Threads are registered by {@link VirtualTasks}. So a
 * multi-threaded driver runs in virtual time, deterministically and without sleeping, as long
 * as its threads only block through {@link #parkUntil}.
 *
 * <p>Implementation notes: {@code running} counts registered threads that are not parked.
 * When it drops to zero the clock advances to the first deadline and counts the threads it
 * wakes as running before releasing the lock, so no second advance can slip in before they run.
 */
public final class VirtualClock implements Clock {
    private static final long EPOCH_MS = 1_700_000_000_000L;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final TreeMap<Long, Integer> deadlines = new TreeMap<>();
    private final ThreadLocal<Boolean> background = ThreadLocal.withInitial(() -> false);
    private long now;
    private int running;

    @Override
    public long nanoTime() {
        lock.lock();
        try {
            return now;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long currentTimeMillis() {
        return EPOCH_MS + nanoTime() / 1_000_000;
    }

    /** Advances time by hand (only while no registered thread runs). */
    public void advance(java.time.Duration d) {
        lock.lock();
        try {
            now += d.toNanos();
            deadlines.headMap(now, true).clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void register() {
        lock.lock();
        try {
            running++;
        } finally {
            lock.unlock();
        }
    }

    void deregister() {
        lock.lock();
        try {
            running--;
            maybeAdvance();
        } finally {
            lock.unlock();
        }
    }

    /** Marks the calling thread as a background helper: its waits never make time advance. */
    void markBackground() {
        background.set(true);
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        lock.lock();
        try {
            if (deadlineNanos <= now) {
                return;
            }
            if (background.get()) {
                while (now < deadlineNanos) {
                    changed.await();
                }
                return;
            }
            running--;
            deadlines.merge(deadlineNanos, 1, Integer::sum);
            maybeAdvance();
            try {
                while (now < deadlineNanos) {
                    changed.await();
                }
            } catch (InterruptedException e) {
                if (now < deadlineNanos) {
                    deadlines.computeIfPresent(deadlineNanos, (k, n) -> n == 1 ? null : n - 1);
                    running++;
                }
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    private void maybeAdvance() {
        if (running == 0 && !deadlines.isEmpty()) {
            var first = deadlines.pollFirstEntry();
            now = first.getKey();
            running += first.getValue();
            changed.signalAll();
        }
    }
}
