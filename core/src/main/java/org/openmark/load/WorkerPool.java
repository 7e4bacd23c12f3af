package org.openmark.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.openmark.api.Store;
import org.openmark.workload.Operation;

/**
 * Runs the open model's operations on reused virtual threads ("workers"), each with a session
 * of its own. The scheduler queues due operations in a ring and wakes a worker only when none
 * is already looking for work, so a burst of operations costs one hand-off, not one each.
 * Operations still never wait for each other: a worker that takes an operation while more are
 * queued and nobody else is looking wakes another worker before it runs its own, so an
 * operation that blocks in the store leaves the rest of the queue to others. New workers are
 * started when none is idle, up to {@code maxInFlight}.
 *
 * <p>Implementation notes. Per operation nothing is allocated and, while workers keep up,
 * nothing is parked or unparked. (With a virtual thread per operation a run allocated about
 * 650 bytes per operation instead of about 170; at 200,000 ops/s the collector then paused for
 * 5–10 ms every 1.7 s, which was the send-lag tail.) {@code searching} counts workers that are awake and not running an operation. The
 * no-lost-wake-up argument: the scheduler queues (a volatile write) and then reads
 * {@code searching}; a worker going idle pushes itself on the idle stack, decrements
 * {@code searching} and then reads the ring. Both sides are sequentially consistent, so either
 * the worker sees the operation or the scheduler sees no searcher and wakes an idle worker.
 * Idle workers form a stack under a lock (last in, first out: a few warm workers do the work);
 * the lock is taken once per park, not per operation.
 */
final class WorkerPool implements Dispatch {
    /** The ring holds queued operations only (running ones are on workers); this caps its memory. */
    private static final int MAX_RING = 1 << 20;

    private final Store store;
    private final int maxInFlight;
    private final Body body;
    private final OperationRing ring;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger searching = new AtomicInteger();
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private final List<Worker> all = new ArrayList<>();
    /** Guarded by {@link #lock}. */
    private Worker[] idle = new Worker[16];
    /** Guarded by {@link #lock}. */
    private int idleCount;
    private volatile boolean closed;

    WorkerPool(Store store, int maxInFlight, Body body) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1");
        }
        this.store = store;
        this.maxInFlight = maxInFlight;
        this.body = body;
        this.ring = new OperationRing(Math.min(maxInFlight, MAX_RING));
    }

    @Override
    public boolean hasRoom() {
        return inFlight.get() < maxInFlight && ring.hasRoom();
    }

    @Override
    public void offer(Operation operation, long intendedStartNanos) {
        if (inFlight.get() >= maxInFlight || !ring.offer(operation, intendedStartNanos)) {
            throw new IllegalStateException("no room: " + inFlight.get() + " operations outstanding");
        }
        inFlight.incrementAndGet();
        if (searching.get() == 0) {
            signal();
        }
    }

    /** Makes one worker look for work unless one already does: wakes an idle one, or starts one. */
    private void signal() {
        if (!searching.compareAndSet(0, 1)) {
            return;
        }
        Worker w;
        synchronized (lock) {
            if (idleCount > 0) {
                w = idle[--idleCount];
                idle[idleCount] = null;
            } else if (all.size() < maxInFlight && !closed) {
                w = new Worker(new Lane(store.newSession()));
                all.add(w);
                w.thread = Thread.ofVirtual().name("openmark-op-", all.size()).unstarted(w::work);
                w.thread.start();
                return;
            } else {
                // Every worker is running an operation; each looks for work when it finishes.
                searching.decrementAndGet();
                return;
            }
        }
        w.wake();
    }

    /** One reused thread with its session. */
    private final class Worker implements OperationRing.Taker {
        final Lane lane;
        Thread thread;
        /** Set by whoever wakes this worker, cleared by the worker. */
        volatile boolean woken;
        /** Whether this worker runs an operation (read after the run for unfinished ones). */
        volatile boolean running;
        private long intendedStartNanos;
        private Operation operation;

        Worker(Lane lane) {
            this.lane = lane;
        }

        @Override
        public void take(Operation op, long intendedStartNanos) {
            operation = op;
            this.intendedStartNanos = intendedStartNanos;
            running = true;
        }

        void wake() {
            woken = true;
            LockSupport.unpark(thread);
        }

        /** Counted as searching when started or woken. */
        void work() {
            while (true) {
                if (ring.poll(this)) {
                    if (searching.decrementAndGet() == 0 && !ring.isEmpty()) {
                        signal();
                    }
                    try {
                        body.run(lane, operation, intendedStartNanos);
                    } finally {
                        operation = null;
                        running = false;
                        inFlight.decrementAndGet();
                        searching.incrementAndGet();
                    }
                    continue;
                }
                synchronized (lock) {
                    if (idleCount == idle.length) {
                        // Grown on demand: --max-in-flight may be far larger than the workers a run needs.
                        idle = Arrays.copyOf(idle, idle.length * 2);
                    }
                    idle[idleCount++] = this;
                }
                searching.decrementAndGet();
                if (!ring.isEmpty() && searching.get() == 0) {
                    signal();
                }
                while (!woken) {
                    if (closed) {
                        return;
                    }
                    LockSupport.park(WorkerPool.this);
                    // An interrupt would make every later park return at once; close() ends the loop.
                    Thread.interrupted();
                }
                woken = false;
            }
        }
    }

    @Override
    public int inFlight() {
        return inFlight.get();
    }

    /** How many workers (threads, sessions) were started. */
    int workers() {
        synchronized (lock) {
            return all.size();
        }
    }

    /** The workers' threads (for tests). */
    List<Thread> threads() {
        synchronized (lock) {
            List<Thread> out = new ArrayList<>();
            for (Worker w : all) {
                out.add(w.thread);
            }
            return out;
        }
    }

    @Override
    public long forEachInFlight(LongConsumer intendedStart) {
        long n = ring.forEachQueued(intendedStart);
        synchronized (lock) {
            for (Worker w : all) {
                if (w.running) {
                    intendedStart.accept(w.intendedStartNanos);
                    n++;
                }
            }
        }
        return n;
    }

    @Override
    public void close() {
        closed = true;
        synchronized (lock) {
            for (Worker w : all) {
                LockSupport.unpark(w.thread);
                if (w.running) {
                    continue; // still in a store call after the grace period: closing would race it
                }
                try {
                    w.lane.session.close();
                } catch (RuntimeException e) {
                    // Closing is best effort: a broken session must not hide the run's result.
                }
            }
        }
    }
}
