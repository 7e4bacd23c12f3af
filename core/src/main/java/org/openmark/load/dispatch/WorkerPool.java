package org.openmark.load.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.timing.TimerSlack;
import org.openmark.workload.Operation;

/**
 * Runs the open model's operations on reused worker threads, each with a session of its own.
 * (In the open model the scheduler below is itself a worker: see the last paragraph.) The
 * scheduler queues due operations in a ring and wakes a worker only when no worker is
 * awake; an awake worker runs queued operations one after another until the ring is empty, so
 * a burst of fast operations costs one hand-off. An operation that blocks in the store does not
 * hold the queue: the scheduler calls {@link #watch} whenever it wakes, and when operations
 * have sat in the queue for {@link HelpPolicy#HELP_AFTER_NANOS} another worker is woken (or started, up to
 * {@code maxInFlight}); when no operation at all completed for {@link HelpPolicy#STUCK_NANOS}, the workers
 * double per look, up to one per waiting operation. That wait is part of the operation's send
 * lag, so it is measured, not hidden.
 *
 * <p>Implementation notes. Per operation nothing is allocated and, while one worker keeps up,
 * nothing is parked or unparked. (With a virtual thread per operation a run allocated about
 * 650 bytes per operation instead of about 170, and the collector's pauses were the send-lag
 * tail. An earlier version of this pool woke a second worker whenever one took an operation
 * with more queued; at 200,000 ops/s that chain of wake-ups, and the carrier threads' spinning
 * after each one, cost more CPU than the operations.) The first {@link #PLATFORM_WORKERS} workers
 * (or one per processor, if more) are platform threads: waking a virtual thread goes through the
 * carrier pool, whose carriers spin for a while each time they run out of work, and a virtual
 * thread that blocks on a socket (a JDBC driver waiting for its reply) is woken by the JDK's
 * poller and then the carrier pool, where a platform thread is woken by the kernel (against
 * PostgreSQL at 1,000/s that scheduling was 15 % of the client's CPU). Workers beyond those are
 * virtual threads, so a store that blocks many operations at once costs no more platform threads.
 *
 * <p>{@code active} counts workers that are not parked. The no-lost-wake-up argument: the
 * scheduler queues (a volatile write) and then reads {@code active}; a worker going idle pushes
 * itself on an idle stack, decrements {@code active} and then reads the ring. Both sides are
 * sequentially consistent, so either the worker sees the operation or the scheduler sees no
 * active worker and wakes one. Idle workers wait in {@link IdleWorkers} under a lock, taken
 * once per park, not per operation.
 *
 * <p>The workers also take turns keeping time ({@link #keepTime}, the open model in real time):
 * the {@link TimekeepingRelay} passes the role between them and keeps one platform worker in its
 * standby slot; this pool only wakes or starts the workers it calls for.
 */
final class WorkerPool implements Dispatch {
    /**
     * How many of the first workers are platform threads, at least (a platform thread's stack is
     * reserved, not committed, so a few dozen cost little): as many as the jdbc store's default
     * connections, so its sessions block on platform threads.
     */
    static final int PLATFORM_WORKERS = 64;
    /** The ring holds queued operations only (running ones are on workers); this caps its memory. */
    private static final int MAX_RING = 1 << 20;

    private final Store store;
    private final int maxInFlight;
    private final OperationHandler handler;
    private final int platformWorkers;
    private final OperationRing ring;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger active = new AtomicInteger();
    /** Passes the timekeeping role between the workers. */
    private final TimekeepingRelay relay;
    /** Guarded by {@link #lock}: {@code maxInFlight}, plus one while the workers keep time. */
    private int maxWorkers;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private final List<Worker> all = new ArrayList<>();
    /** Guarded by {@link #lock}: platform workers are woken before virtual ones (it costs less). */
    private final IdleWorkers<Worker> idle;
    private volatile boolean closed;
    /** When workers get help; used by the keeper only. */
    private final HelpPolicy help = new HelpPolicy();

    /** On the real clock, {@link #PLATFORM_WORKERS} platform workers (tests). */
    WorkerPool(Store store, int maxInFlight, OperationHandler handler) {
        this(Clock.system(), store, maxInFlight, handler);
    }

    /** On the real clock; {@code platformWorkers}: how many of the first workers are platform threads (tests). */
    WorkerPool(Store store, int maxInFlight, OperationHandler handler, int platformWorkers) {
        this(Clock.system(), store, maxInFlight, handler, platformWorkers);
    }

    /**
     * {@link #PLATFORM_WORKERS} platform workers (or one per processor, if more), the rest virtual.
     *
     * @param clock the clock the schedule's times are on; the real one (the workers' waits are
     *     real parks, see {@link TimekeepingRelay})
     */
    WorkerPool(Clock clock, Store store, int maxInFlight, OperationHandler handler) {
        this(clock, store, maxInFlight, handler,
                Math.max(PLATFORM_WORKERS, Runtime.getRuntime().availableProcessors()));
    }

    /** {@code platformWorkers}: how many of the first workers are platform threads (the rest are virtual). */
    WorkerPool(Clock clock, Store store, int maxInFlight, OperationHandler handler, int platformWorkers) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1");
        }
        this.store = store;
        this.maxInFlight = maxInFlight;
        this.handler = handler;
        this.platformWorkers = Math.min(platformWorkers, maxInFlight);
        this.maxWorkers = maxInFlight;
        this.idle = new IdleWorkers<>(this.platformWorkers);
        this.ring = new OperationRing(Math.min(maxInFlight, MAX_RING));
        this.relay = new TimekeepingRelay(clock, this, new RelayPoolView());
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
        if (active.get() == 0) {
            signal();
        }
    }

    @Override
    public long watch(long nowNanos) {
        return help.watch(nowNanos, ring.taken(), ring.offered(), inFlight.get(), active::get, this::signal);
    }

    /**
     * Makes one more worker run queued operations: wakes an idle one, or starts one. False when
     * every possible worker is already awake.
     */
    private boolean signal() {
        return signal(false);
    }

    /** {@code forRole}: the worker is to take up the timekeeping role if it is still free. */
    private boolean signal(boolean forRole) {
        Worker w;
        synchronized (lock) {
            w = idle.pop();
            if (w == null) {
                if (all.size() >= maxWorkers || closed) {
                    return false; // every worker is running an operation; each takes the next when it finishes
                }
                boolean platform = all.size() < platformWorkers;
                w = new Worker(new WorkerSession(store.newSession()), platform);
                w.forRole = forRole;
                all.add(w);
                Thread.Builder builder = platform ? Thread.ofPlatform().daemon(true) : Thread.ofVirtual();
                active.incrementAndGet();
                w.start(builder.name("openmark-op-", all.size()));
                return true;
            }
        }
        active.incrementAndGet();
        w.forRole = forRole;
        w.wake();
        return true;
    }

    /**
     * Lets the workers keep time with {@code keeping}, in turns ({@link TimekeepingRelay}), until
     * it ends; rethrows what it threw.
     */
    @Override
    public void keepTime(Timekeeping keeping) throws InterruptedException {
        synchronized (lock) {
            if (closed || !relay.assign(keeping)) {
                throw new IllegalStateException("already keeping time, or closed");
            }
            // One more worker than operations, so that one is free to keep time.
            maxWorkers = maxInFlight == Integer.MAX_VALUE ? maxInFlight : maxInFlight + 1;
        }
        relay.run();
    }

    /** This pool as its relay sees it. */
    private final class RelayPoolView implements RelayPool {
        @Override
        public boolean callForRole() {
            return signal(true);
        }

        @Override
        public boolean workQueued() {
            return !ring.isEmpty();
        }

        @Override
        public void wentToStandby() {
            if (active.decrementAndGet() == 0 && !ring.isEmpty()) {
                signal(); // queued after this worker looked, by a keeper that still counted it
            }
        }

        @Override
        public void leftStandby() {
            active.incrementAndGet();
        }
    }

    /** One reused thread with its session. */
    private final class Worker implements OperationRing.Taker {
        final WorkerSession session;
        final boolean platform;
        Thread thread;
        /** This worker as the timekeeping relay knows it. */
        private TimekeepingRelay.RelayWorker inRelay;
        /** Set by whoever wakes this worker, cleared by the worker. */
        volatile boolean woken;
        /** Woken to take up the free timekeeping role (written before {@link #woken}). */
        boolean forRole;
        /** Whether this worker runs an operation (read after the run for unfinished ones). */
        volatile boolean running;
        private long intendedStartNanos;
        private Operation operation;

        Worker(WorkerSession session, boolean platform) {
            this.session = session;
            this.platform = platform;
        }

        /** Makes this worker's thread with {@code builder} and starts it. */
        void start(Thread.Builder builder) {
            thread = builder.unstarted(this::work);
            inRelay = relay.worker(thread);
            thread.start();
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

        /** Counted as active when started or woken. */
        void work() {
            if (platform) {
                TimerSlack.tightenThisThread(); // a platform worker may keep time
            }
            boolean ranSinceFlush = false;
            while (true) {
                if (forRole) {
                    forRole = false;
                    if (relay.arrive(inRelay)) {
                        continue;
                    }
                }
                if (ring.poll(this)) {
                    try {
                        handler.run(session, operation, intendedStartNanos);
                    } finally {
                        operation = null;
                        running = false;
                        inFlight.decrementAndGet();
                    }
                    ranSinceFlush = true;
                    continue;
                }
                if (ranSinceFlush) {
                    // Nothing more queued: what the operations run here left to send goes now.
                    ranSinceFlush = false;
                    handler.flush(session);
                }
                if (relay.offDuty(inRelay, platform)) {
                    continue; // nothing queued: it kept time (nobody did) or stood by
                }
                synchronized (lock) {
                    idle.push(this, platform);
                }
                if (active.decrementAndGet() == 0 && !ring.isEmpty()) {
                    signal(); // queued after this worker looked, by a scheduler that still counted it
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

    @Override
    public int sessions() {
        return workers(); // one each
    }

    /** How many workers (threads, sessions) were started. */
    int workers() {
        synchronized (lock) {
            return all.size();
        }
    }

    /** The timekeeping relay (for tests). */
    TimekeepingRelay relay() {
        return relay;
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
        relay.close();
        synchronized (lock) {
            for (Worker w : all) {
                LockSupport.unpark(w.thread);
                if (w.running) {
                    continue; // still in a store call after the grace period: closing would race it
                }
                try {
                    w.session.session().close();
                } catch (RuntimeException e) {
                    // Closing is best effort: a broken session must not hide the run's result.
                }
            }
        }
    }
}
