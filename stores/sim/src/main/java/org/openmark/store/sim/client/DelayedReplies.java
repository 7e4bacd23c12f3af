package org.openmark.store.sim.client;

import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Clock;

/**
 * Hands started requests their replies at the simulated time: a reply that arrives before its
 * computed wait has passed (sent + wait) is held here until then, as a blocking call would wait
 * through the clock. One thread per store, started on first use; it parks until the earliest
 * reply is due.
 */
final class DelayedReplies implements AutoCloseable {
    private final Clock clock;
    /** Guarded by itself. */
    private final PriorityQueue<Due> queue = new PriorityQueue<>();
    /** Guarded by {@link #queue}. */
    private Thread thread;
    /** Guarded by {@link #queue}. */
    private boolean closed;
    /** Guarded by {@link #queue}: keeps replies due at the same time in their order. */
    private long seq;

    private record Due(long atNanos, long seq, Runnable reply) implements Comparable<Due> {
        @Override
        public int compareTo(Due o) {
            int c = Long.compare(atNanos, o.atNanos);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    DelayedReplies(Clock clock) {
        this.clock = clock;
    }

    /** Runs {@code reply} at {@code atNanos} on the clock (at once, on this thread, when that has passed). */
    void at(long atNanos, Runnable reply) {
        if (clock.nanoTime() >= atNanos) {
            reply.run();
            return;
        }
        Thread wake = null;
        boolean closing;
        synchronized (queue) {
            closing = closed;
            if (!closing) {
                if (thread == null) {
                    thread = Thread.ofPlatform().daemon(true).name("simstore-client-delays").start(this::deliver);
                }
                Due head = queue.peek();
                queue.add(new Due(atNanos, seq++, reply));
                wake = head == null || atNanos < head.atNanos() ? thread : null;
            }
        }
        if (closing) {
            reply.run(); // the store closes: nobody waits any more
            return;
        }
        if (wake != null) {
            LockSupport.unpark(wake);
        }
    }

    private void deliver() {
        while (true) {
            Runnable due = null;
            long waitNanos;
            synchronized (queue) {
                if (closed && queue.isEmpty()) {
                    return;
                }
                Due head = queue.peek();
                long now = clock.nanoTime();
                if (head != null && (closed || head.atNanos() <= now)) {
                    due = queue.poll().reply();
                    waitNanos = 0;
                } else {
                    waitNanos = head == null ? Long.MAX_VALUE : head.atNanos() - now;
                }
            }
            if (due != null) {
                due.run();
            } else if (waitNanos == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, waitNanos);
            }
        }
    }

    /** Delivers what is held at once and ends the thread. */
    @Override
    public void close() {
        Thread t;
        synchronized (queue) {
            closed = true;
            t = thread;
        }
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
