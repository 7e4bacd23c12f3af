package org.openmark.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.openmark.api.Store;
import org.openmark.workload.Operation;

/**
 * Runs the open model's operations on reused worker threads, each with a session of its own.
 * (In the open model the scheduler below is itself a worker: see "Timekeeping".) The
 * scheduler queues due operations in a ring and wakes a worker only when no worker is
 * awake; an awake worker runs queued operations one after another until the ring is empty, so
 * a burst of fast operations costs one hand-off. An operation that blocks in the store does not
 * hold the queue: the scheduler calls {@link #watch} whenever it wakes, and when operations
 * have sat in the queue for {@link #HELP_AFTER_NANOS} another worker is woken (or started, up to
 * {@code maxInFlight}); when no operation at all completed for {@link #STUCK_NANOS}, the workers
 * double per look, up to one per waiting operation. That wait is part of the operation's send
 * lag, so it is measured, not hidden.
 *
 * <p>Implementation notes. Per operation nothing is allocated and, while one worker keeps up,
 * nothing is parked or unparked. (With a virtual thread per operation a run allocated about
 * 650 bytes per operation instead of about 170, and the collector's pauses were the send-lag
 * tail. An earlier version of this pool woke a second worker whenever one took an operation
 * with more queued; at 200,000 ops/s that chain of wake-ups, and the carrier threads' spinning
 * after each one, cost more CPU than the operations.) The first workers, one per processor, are
 * platform threads: waking a virtual thread goes through the carrier pool, whose carriers spin
 * for a while each time they run out of work. Workers beyond those are virtual threads, so a
 * store that blocks many operations at once costs no more platform threads.
 *
 * <p>{@code active} counts workers that are not parked. The no-lost-wake-up argument: the
 * scheduler queues (a volatile write) and then reads {@code active}; a worker going idle pushes
 * itself on an idle stack, decrements {@code active} and then reads the ring. Both sides are
 * sequentially consistent, so either the worker sees the operation or the scheduler sees no
 * active worker and wakes one. Idle workers form two stacks under a lock, platform workers
 * woken first and each stack last in, first out (a few warm workers do the work); the lock is
 * taken once per park, not per operation.
 *
 * <p>Timekeeping ({@link #keepTime}, the open model in real time). The workers also take turns
 * keeping time: one worker at a time waits for the next arrival, queues the due operations, frees
 * the role and runs them itself, then takes the role back if nobody has. So an operation
 * normally runs on the thread that woke when it was due, and no thread has to wake another,
 * which on a busy machine (a VM whose virtual CPUs sleep when idle) was the slowest step.
 * One more platform worker waits in the standby slot, parked until shortly after the next
 * arrival is due ({@link #TAKE_OVER_AFTER_NANOS}): if by then the role is still free (its keeper
 * is blocked in the store) or its keeper has not woken (its CPU was not given back in time), the
 * standby takes the role over. The role word holds an epoch and a state; every take-over starts
 * a new epoch, so a keeper that wakes after it was taken over finds out and steps down.
 */
final class WorkerPool implements Dispatch {
    /** How long an operation may sit in the queue before another worker is woken to help ({@link HelpPolicy}). */
    static final long HELP_AFTER_NANOS = HelpPolicy.HELP_AFTER_NANOS;
    /** After how long without any operation completed workers are brought faster than one per look. */
    static final long STUCK_NANOS = HelpPolicy.STUCK_NANOS;
    /**
     * How late the next arrival may be, while its keeper has not woken or the role is free,
     * before the standby takes the role over.
     */
    static final long TAKE_OVER_AFTER_NANOS = 100_000;
    /** The longest the standby parks before it looks at the role again. */
    private static final long STANDBY_LOOK_NANOS = 1_000_000_000L;
    /** The ring holds queued operations only (running ones are on workers); this caps its memory. */
    private static final int MAX_RING = 1 << 20;

    private final Store store;
    private final int maxInFlight;
    private final Body body;
    private final int platformWorkers;
    private final OperationRing ring;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger active = new AtomicInteger();
    /** The timekeeping role the workers pass between them. */
    private final TimekeepingRole role = new TimekeepingRole();
    /** The next arrival's intended start, as the last keeper saw it. */
    private volatile long nextDue = Long.MAX_VALUE;
    /** When the worker in the standby slot looks at the role next. */
    private volatile long standbyLooksAt = Long.MAX_VALUE;
    /** The worker that took the role last. */
    private volatile Worker keeper;
    /** The platform worker waiting to take over timekeeping, or null. */
    private final AtomicReference<Worker> standby = new AtomicReference<>();
    /** Set while a worker woken to take up the free role has not looked yet. */
    private final AtomicBoolean standbyComing = new AtomicBoolean();
    private volatile Timekeeping timekeeping;
    private final CountDownLatch timekeepingEnded = new CountDownLatch(1);
    private volatile Throwable timekeepingFailure;
    /** Guarded by {@link #lock}: {@code maxInFlight}, plus one while the workers keep time. */
    private int maxWorkers;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private final List<Worker> all = new ArrayList<>();
    /** Guarded by {@link #lock}: idle platform workers, woken before virtual ones (it costs less). */
    private final Worker[] idlePlatform;
    /** Guarded by {@link #lock}. */
    private int idlePlatformCount;
    /** Guarded by {@link #lock}. */
    private Worker[] idleVirtual = new Worker[16];
    /** Guarded by {@link #lock}. */
    private int idleVirtualCount;
    private volatile boolean closed;
    /** When workers get help; used by the keeper only. */
    private final HelpPolicy help = new HelpPolicy();

    WorkerPool(Store store, int maxInFlight, Body body) {
        this(store, maxInFlight, body, Runtime.getRuntime().availableProcessors());
    }

    /** {@code platformWorkers}: how many of the first workers are platform threads (the rest are virtual). */
    WorkerPool(Store store, int maxInFlight, Body body, int platformWorkers) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1");
        }
        this.store = store;
        this.maxInFlight = maxInFlight;
        this.body = body;
        this.platformWorkers = Math.min(platformWorkers, maxInFlight);
        this.maxWorkers = maxInFlight;
        this.idlePlatform = new Worker[this.platformWorkers];
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
            if (idlePlatformCount > 0) {
                w = idlePlatform[--idlePlatformCount];
                idlePlatform[idlePlatformCount] = null;
            } else if (idleVirtualCount > 0) {
                w = idleVirtual[--idleVirtualCount];
                idleVirtual[idleVirtualCount] = null;
            } else if (all.size() < maxWorkers && !closed) {
                boolean platform = all.size() < platformWorkers;
                w = new Worker(new Lane(store.newSession()), platform);
                w.forRole = forRole;
                all.add(w);
                Thread.Builder builder = platform ? Thread.ofPlatform().daemon(true) : Thread.ofVirtual();
                w.thread = builder.name("openmark-op-", all.size()).unstarted(w::work);
                active.incrementAndGet();
                w.thread.start();
                return true;
            } else {
                return false; // every worker is running an operation; each takes the next when it finishes
            }
        }
        active.incrementAndGet();
        w.forRole = forRole;
        w.wake();
        return true;
    }

    /**
     * Lets the workers keep time with {@code keeping}, in turns (see the class notes), until it
     * ends; rethrows what it threw.
     */
    @Override
    public void keepTime(Timekeeping keeping) throws InterruptedException {
        synchronized (lock) {
            if (timekeeping != null || closed) {
                throw new IllegalStateException("already keeping time, or closed");
            }
            // One more worker than operations, so that one is free to keep time.
            maxWorkers = maxInFlight == Integer.MAX_VALUE ? maxInFlight : maxInFlight + 1;
            timekeeping = keeping;
        }
        role.open();
        standbyComing.set(true);
        if (!signal(true)) {
            role.end();
            throw new IllegalStateException("no worker can keep time");
        }
        signal(true); // the first to look keeps time, the other stands by
        try {
            awaitTimekeepingEnd();
        } catch (InterruptedException e) {
            keeping.abandon();
            awaitTimekeepingEnd();
            throw e;
        }
        Throwable failed = timekeepingFailure;
        if (failed instanceof RuntimeException re) {
            throw re;
        }
        if (failed instanceof Error er) {
            throw er;
        }
        if (failed instanceof InterruptedException ie) {
            throw ie;
        }
    }

    /**
     * Tells the standby when the next arrival is due; wakes it if it would look later than it
     * should (it parked when no arrival was known yet).
     */
    private void publishNextDue(long due) {
        nextDue = due;
        if (due < standbyLooksAt - TAKE_OVER_AFTER_NANOS) {
            Worker s = standby.get();
            if (s != null) {
                LockSupport.unpark(s.thread);
            }
        }
    }

    /** Waits until the timekeeping given to {@link #keepTime} has ended. */
    private void awaitTimekeepingEnd() throws InterruptedException {
        timekeepingEnded.await();
    }

    /** Takes the role if it is still {@code seen} (free, or parked past the take-over time); keeps time if so. */
    private boolean takeRole(Worker w, long seen) {
        long epoch = role.take(seen);
        if (epoch < 0) {
            return false;
        }
        Worker previous = keeper;
        keeper = w;
        if (TimekeepingRole.state(seen) == TimekeepingRole.PARKED && previous != null) {
            LockSupport.unpark(previous.thread); // it finds itself taken over and steps down
        }
        w.epoch = epoch;
        Timekeeping.Turn turn;
        try {
            turn = timekeeping.keep(w);
        } catch (Throwable t) {
            timekeepingFailure = t;
            turn = Timekeeping.Turn.ENDED;
        }
        if (turn == Timekeeping.Turn.ENDED) {
            role.end();
            timekeepingEnded.countDown();
            Worker s = standby.get();
            if (s != null) {
                LockSupport.unpark(s.thread); // it leaves the slot when it sees the role ended
            }
        } else if (turn == Timekeeping.Turn.YIELDED) {
            publishNextDue(timekeeping.nextDueNanos());
            role.free(epoch);
            // Someone must take the role up even if this worker blocks in the store: the standby
            // does when its time comes; without one, a worker is woken for it.
            if (standby.get() == null && !standbyComing.get() && standbyComing.compareAndSet(false, true)
                    && !signal(true)) {
                // Every worker is awake; one that is not running an operation takes the role up
                // when it finds the queue empty.
                standbyComing.set(false);
            }
        }
        return true;
    }

    /** One reused thread with its session. */
    private final class Worker implements OperationRing.Taker, ArrivalWaiter {
        final Lane lane;
        final boolean platform;
        Thread thread;
        /** Set by whoever wakes this worker, cleared by the worker. */
        volatile boolean woken;
        /** Woken to take up the free timekeeping role (written before {@link #woken}). */
        boolean forRole;
        /** The role's epoch while this worker keeps time. */
        long epoch;
        /** Whether this worker runs an operation (read after the run for unfinished ones). */
        volatile boolean running;
        private long intendedStartNanos;
        private Operation operation;

        Worker(Lane lane, boolean platform) {
            this.lane = lane;
            this.platform = platform;
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

        /** The keeper's wait for the next arrival: parked, so that the standby may take over if it wakes late. */
        @Override
        public boolean awaitUntil(long deadlineNanos, long dueNanos) {
            publishNextDue(dueNanos);
            if (!role.park(epoch)) {
                return false; // ended by close()
            }
            long remaining;
            while ((remaining = deadlineNanos - System.nanoTime()) > 0 && role.stillParked(epoch)) {
                LockSupport.parkNanos(WorkerPool.this, remaining);
                Thread.interrupted(); // workers are ended by close(), not by interrupts
            }
            return role.resume(epoch);
        }

        /**
         * Waits in the standby slot: parked until the next arrival is {@link #TAKE_OVER_AFTER_NANOS}
         * late, then takes the role over if its keeper is still parked or nobody keeps time.
         * Returns when this worker leaves the slot (it kept time, work is queued, or timekeeping ended).
         */
        private void standBy() {
            while (!closed) {
                long seen = role.get();
                long state = TimekeepingRole.state(seen);
                if (state == TimekeepingRole.NONE) {
                    break;
                }
                long now = System.nanoTime();
                long due = nextDue;
                boolean late = now - due >= TAKE_OVER_AFTER_NANOS;
                if (state == TimekeepingRole.FREE || (state == TimekeepingRole.PARKED && late)) {
                    leaveSlot();
                    takeRole(this, seen);
                    return;
                }
                if (!ring.isEmpty()) {
                    break;
                }
                // Until the next arrival is late (at most a second before looking again).
                long wait = late ? TAKE_OVER_AFTER_NANOS
                        : due == Long.MAX_VALUE ? STANDBY_LOOK_NANOS
                        : Math.min(due - now, STANDBY_LOOK_NANOS) + TAKE_OVER_AFTER_NANOS;
                standbyLooksAt = now + wait;
                // The keeper writes nextDue and then reads standbyLooksAt: one of the two sees the other.
                if (nextDue == due) {
                    LockSupport.parkNanos(WorkerPool.this, wait);
                    Thread.interrupted();
                }
            }
            leaveSlot();
        }

        private void leaveSlot() {
            standbyLooksAt = Long.MAX_VALUE;
            standby.compareAndSet(this, null);
            active.incrementAndGet();
        }

        /** Counted as active when started or woken. */
        void work() {
            while (true) {
                if (forRole) {
                    forRole = false;
                    standbyComing.set(false);
                    long seen = role.get();
                    if (TimekeepingRole.state(seen) == TimekeepingRole.FREE && takeRole(this, seen)) {
                        continue;
                    }
                }
                if (ring.poll(this)) {
                    try {
                        body.run(lane, operation, intendedStartNanos);
                    } finally {
                        operation = null;
                        running = false;
                        inFlight.decrementAndGet();
                    }
                    continue;
                }
                long seen = role.get();
                if (TimekeepingRole.state(seen) == TimekeepingRole.FREE && takeRole(this, seen)) {
                    continue; // nothing queued: keep time if nobody does
                }
                if (platform && TimekeepingRole.state(seen) != TimekeepingRole.NONE && standby.get() == null && standby.compareAndSet(null, this)) {
                    if (active.decrementAndGet() == 0 && !ring.isEmpty()) {
                        signal(); // queued after this worker looked, by a keeper that still counted it
                    }
                    standBy();
                    continue;
                }
                synchronized (lock) {
                    if (platform) {
                        idlePlatform[idlePlatformCount++] = this;
                    } else {
                        if (idleVirtualCount == idleVirtual.length) {
                            // Grown on demand: --max-in-flight may be far larger than the workers a run needs.
                            idleVirtual = Arrays.copyOf(idleVirtual, idleVirtual.length * 2);
                        }
                        idleVirtual[idleVirtualCount++] = this;
                    }
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
        role.end();
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
