package org.openmark.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Clock;

/**
 * Virtual time: a clock that advances only when every registered thread is waiting on it, and
 * then jumps straight to the earliest deadline. Threads are registered by {@link VirtualTasks}.
 * A multi-threaded driver and a simulated store run under it deterministically, as fast as the
 * CPU allows and without sleeping, as long as their threads block only through
 * {@link #parkUntil}. Tests use it, and so do simulated experiments ({@code --time virtual}).
 *
 * <p>Implementation notes: {@code running} counts registered threads that are not parked.
 * When it drops to zero the clock advances to the first deadline and counts the threads it
 * wakes as running before releasing the lock, so no second advance can slip in before they
 * run. Each waiter is woken individually (no broadcast), so a thousand parked operations cost
 * nothing until their time comes. Background threads (the status ticker) hold time while they
 * work, like any registered thread, but their waits alone never make time advance, so a
 * ticker cannot run the clock ahead once the work is done.
 */
public final class VirtualClock implements Clock {
    private static final long EPOCH_MS = 1_700_000_000_000L;

    private final ReentrantLock lock = new ReentrantLock();
    private final TreeMap<Long, List<Waiter>> waiters = new TreeMap<>();
    private final List<Waiter> background = new ArrayList<>();
    private final ThreadLocal<Boolean> isBackground = ThreadLocal.withInitial(() -> false);
    private long now;
    private int running;

    /** One parked thread. */
    private static final class Waiter {
        final Thread thread = Thread.currentThread();
        final long deadline;
        volatile boolean woken;

        Waiter(long deadline) {
            this.deadline = deadline;
        }
    }

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
        isBackground.set(true);
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        Waiter w;
        lock.lock();
        try {
            if (deadlineNanos <= now) {
                return;
            }
            w = new Waiter(deadlineNanos);
            running--;
            if (isBackground.get()) {
                background.add(w);
            } else {
                waiters.computeIfAbsent(deadlineNanos, k -> new ArrayList<>(2)).add(w);
            }
            maybeAdvance();
        } finally {
            lock.unlock();
        }
        while (!w.woken) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                cancel(w);
                throw new InterruptedException();
            }
        }
    }

    private void cancel(Waiter w) {
        lock.lock();
        try {
            if (w.woken) {
                return;
            }
            w.woken = true;
            if (!background.remove(w)) {
                List<Waiter> list = waiters.get(w.deadline);
                if (list != null && list.remove(w) && list.isEmpty()) {
                    waiters.remove(w.deadline);
                }
            }
            running++;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Advances when nothing runs and some registered thread waits: to its deadline, or to an
     * earlier background deadline, so a ticker collects exactly when it is due and time holds
     * while it works. Background waits alone never advance time.
     */
    private void maybeAdvance() {
        if (running != 0 || waiters.isEmpty()) {
            return;
        }
        long next = waiters.firstKey();
        for (Waiter b : background) {
            next = Math.min(next, b.deadline);
        }
        now = next;
        ArrayDeque<Waiter> wake = new ArrayDeque<>();
        if (waiters.firstKey() == next) {
            wake.addAll(waiters.pollFirstEntry().getValue());
        }
        background.removeIf(b -> {
            if (b.deadline <= now) {
                wake.add(b);
                return true;
            }
            return false;
        });
        running += wake.size();
        for (Waiter x : wake) {
            x.woken = true;
            LockSupport.unpark(x.thread);
        }
    }
}
