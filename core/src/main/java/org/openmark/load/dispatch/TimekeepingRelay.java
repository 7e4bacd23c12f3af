package org.openmark.load.dispatch;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.openmark.api.Clock;

/**
 * The timekeeping that a {@link WorkerPool}'s workers pass between them, with its standby (the
 * open model in real time). One worker at a time keeps time: it waits for the next arrival,
 * queues the due operations, frees the role and runs them itself, then takes the role back if
 * nobody has. So an operation normally runs on the thread that woke when it was due, and no
 * thread has to wake another, which on a busy machine (a VM whose virtual CPUs sleep when idle)
 * was the slowest step. One more platform worker waits in the standby slot, parked until shortly
 * after the next arrival is due: if by then the role is still free (its keeper is blocked in the
 * store) or its keeper has not woken (its CPU was not given back in time), the standby takes the
 * role over. How shortly is its slack: {@link #TAKE_OVER_AFTER_NANOS} at first and after every
 * arrival it found late, doubled after every look that found none late, up to
 * {@link #MAX_STANDBY_SLACK_NANOS}. A standby that looked after every arrival woke once more per
 * arrival than the keeper, and on a virtual machine, where a timed wake-up costs tens of
 * microseconds of CPU, that was a quarter of the client's CPU against PostgreSQL at 1,000/s; a
 * keeper that keeps up is now looked at about once a millisecond, one that does not, as before.
 *
 * <p>Implementation notes. The role is one word ({@link TimekeepingRole}): an epoch and a state.
 * Every take-over starts a new epoch, so a keeper that wakes after it was taken over finds out
 * and steps down. The keeper publishes the next arrival ({@code nextDue}) and then reads when the
 * standby looks next ({@code standbyLooksAt}); the standby writes the latter and then reads the
 * former again before it parks. Both are volatile, so one of the two sees the other: the standby
 * never sleeps past an arrival it was not told of. A worker joins the relay in three ways: woken
 * to take up the free role ({@link #arrive}), finding the queue empty ({@link #offDuty}: it keeps
 * time if nobody does, or stands by), or, in the slot, when the role is free or its keeper late.
 *
 * <p>Time. Deadlines and arrivals are read on the {@link Clock} the schedule is drawn on, but
 * the waits are {@link LockSupport#parkNanos} rather than {@link Clock#parkUntil}, because a
 * waiting keeper or standby must wake early when it is taken over, or when the next arrival
 * comes sooner than it planned for. So the clock must be the real one: a pool (and with it this
 * relay) is only made for real time ({@link Dispatch#forTasks}).
 */
final class TimekeepingRelay {
    /**
     * How late the next arrival may be, while its keeper has not woken or the role is free,
     * before the standby takes the role over.
     */
    static final long TAKE_OVER_AFTER_NANOS = 100_000;
    /**
     * The most the standby's slack grows to while the keeper keeps up: the default send-lag bound
     * of a run ({@code maxsendlag}), so the first late arrival after a long stretch on time is
     * taken over within the lag a run may have at its 99th percentile.
     */
    static final long MAX_STANDBY_SLACK_NANOS = 1_000_000;
    /** The longest the standby parks before it looks at the role again. */
    private static final long STANDBY_LOOK_NANOS = 1_000_000_000L;

    private final Clock clock;
    /** What a parked keeper or standby shows as the object it waits for (the pool). */
    private final Object blocker;
    private final RelayPool pool;
    /** The role the workers pass between them. */
    private final TimekeepingRole role = new TimekeepingRole();
    /** The next arrival's intended start, as the last keeper saw it. */
    private volatile long nextDue = Long.MAX_VALUE;
    /** When the worker in the standby slot looks at the role next. */
    private volatile long standbyLooksAt = Long.MAX_VALUE;
    /** How late the next arrival may be before the standby looks; written by the standby only. */
    private volatile long standbySlack = TAKE_OVER_AFTER_NANOS;
    /** How often a standby looked at the role (tests). */
    private volatile long standbyLooks;
    /** The worker that took the role last. */
    private volatile RelayWorker keeper;
    /** The platform worker waiting to take over timekeeping, or null. */
    private final AtomicReference<RelayWorker> standby = new AtomicReference<>();
    /** Set while a worker called to take up the free role has not looked yet. */
    private final AtomicBoolean standbyComing = new AtomicBoolean();
    private volatile Timekeeping timekeeping;
    private final CountDownLatch timekeepingEnded = new CountDownLatch(1);
    private volatile Throwable timekeepingFailure;
    private volatile boolean closed;

    /**
     * @param clock the clock the schedule's times are on (the real one)
     * @param blocker what parked workers show as the object they wait for
     */
    TimekeepingRelay(Clock clock, Object blocker, RelayPool pool) {
        this.clock = clock;
        this.blocker = blocker;
        this.pool = pool;
    }

    /**
     * One worker as the relay knows it: its thread (unparked when the role passes to it or from
     * it), and the role's epoch while it keeps time. As the keeper it waits for the next arrival
     * here ({@link #awaitUntil}); as the standby, in the slot ({@link #standBy}).
     */
    final class RelayWorker implements ArrivalWaiter {
        private final Thread thread;
        /** The role's epoch while this worker keeps time. */
        private long epoch;

        private RelayWorker(Thread thread) {
            this.thread = thread;
        }

        /** The keeper's wait for the next arrival: parked, so that the standby may take over if it wakes late. */
        @Override
        public boolean awaitUntil(long deadlineNanos, long dueNanos) {
            publishNextDue(dueNanos);
            if (!role.park(epoch)) {
                return false; // ended by close()
            }
            long remaining;
            while ((remaining = deadlineNanos - clock.nanoTime()) > 0 && role.stillParked(epoch)) {
                LockSupport.parkNanos(blocker, remaining);
                Thread.interrupted(); // workers are ended by close(), not by interrupts
            }
            return role.resume(epoch);
        }
    }

    /** The worker that runs on {@code thread}, as this relay knows it. */
    RelayWorker worker(Thread thread) {
        return new RelayWorker(thread);
    }

    /**
     * Takes {@code keeping} as the timekeeping to relay; false when one was taken already. The
     * pool calls it under its lock, with its own checks.
     */
    boolean assign(Timekeeping keeping) {
        if (timekeeping != null) {
            return false;
        }
        timekeeping = keeping;
        return true;
    }

    /**
     * Lets the workers keep time with the timekeeping {@linkplain #assign assigned}, in turns,
     * until it ends; rethrows what it threw. Interrupted, it abandons the schedule, waits for
     * the timekeeping to end and rethrows.
     */
    void run() throws InterruptedException {
        Timekeeping keeping = timekeeping;
        role.open();
        standbyComing.set(true);
        if (!pool.callForRole()) {
            role.end();
            throw new IllegalStateException("no worker can keep time");
        }
        pool.callForRole(); // the first to look keeps time, the other stands by
        try {
            timekeepingEnded.await();
        } catch (InterruptedException e) {
            keeping.abandon();
            timekeepingEnded.await();
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

    /** A worker called to the role ({@link RelayPool#callForRole}) arrives: keeps time if the role is still free. */
    boolean arrive(RelayWorker k) {
        standbyComing.set(false);
        long seen = role.get();
        return TimekeepingRole.state(seen) == TimekeepingRole.FREE && takeRole(k, seen);
    }

    /**
     * A worker found the queue empty: it keeps time if nobody does, or, if {@code mayStandBy}
     * (a platform worker) and the slot is empty, waits in the standby slot. True when it did
     * either and is back (it looks at the queue again); false when it should go idle.
     */
    boolean offDuty(RelayWorker k, boolean mayStandBy) {
        long seen = role.get();
        if (TimekeepingRole.state(seen) == TimekeepingRole.FREE && takeRole(k, seen)) {
            return true;
        }
        if (mayStandBy && TimekeepingRole.state(seen) != TimekeepingRole.NONE && standby.get() == null
                && standby.compareAndSet(null, k)) {
            pool.wentToStandby();
            standBy(k);
            return true;
        }
        return false;
    }

    /** No timekeeping any more: the keeper's and the standby's next look ends their part. */
    void close() {
        closed = true;
        role.end();
    }

    /**
     * Tells the standby when the next arrival is due; wakes it if it would look later than it
     * should (it parked when no arrival was known yet).
     */
    private void publishNextDue(long due) {
        nextDue = due;
        if (due < standbyLooksAt - standbySlack) {
            RelayWorker s = standby.get();
            if (s != null) {
                LockSupport.unpark(s.thread);
            }
        }
    }

    /** Takes the role if it is still {@code seen} (free, or parked past the take-over time); keeps time if so. */
    private boolean takeRole(RelayWorker w, long seen) {
        long epoch = role.take(seen);
        if (epoch < 0) {
            return false;
        }
        RelayWorker previous = keeper;
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
            RelayWorker s = standby.get();
            if (s != null) {
                LockSupport.unpark(s.thread); // it leaves the slot when it sees the role ended
            }
        } else if (turn == Timekeeping.Turn.YIELDED) {
            publishNextDue(timekeeping.nextDueNanos());
            role.free(epoch);
            // Someone must take the role up even if this worker blocks in the store: the standby
            // does when its time comes; without one, a worker is called for it.
            if (standby.get() == null && !standbyComing.get() && standbyComing.compareAndSet(false, true)
                    && !pool.callForRole()) {
                // Every worker is awake; one that is not running an operation takes the role up
                // when it finds the queue empty.
                standbyComing.set(false);
            }
        }
        return true;
    }

    /**
     * Waits in the standby slot: parked until the next arrival is late by the slack, then takes
     * the role over if its keeper is still parked or nobody keeps time. Returns when {@code k}
     * leaves the slot (it kept time, work is queued, or timekeeping ended).
     */
    private void standBy(RelayWorker k) {
        while (!closed) {
            long seen = role.get();
            long state = TimekeepingRole.state(seen);
            if (state == TimekeepingRole.NONE) {
                break;
            }
            long now = clock.nanoTime();
            long due = nextDue;
            boolean late = now - due >= TAKE_OVER_AFTER_NANOS;
            standbyLooks++; // one writer: the standby
            // A late arrival: look closely again; none: look half as often, down to once per maximum slack.
            long slack = late ? TAKE_OVER_AFTER_NANOS : Math.min(2 * standbySlack, MAX_STANDBY_SLACK_NANOS);
            standbySlack = slack;
            if (state == TimekeepingRole.FREE || (state == TimekeepingRole.PARKED && late)) {
                leaveSlot(k);
                takeRole(k, seen);
                return;
            }
            if (pool.workQueued()) {
                break;
            }
            // Until the next arrival is late by the slack (at most a second before looking again).
            long wait = late ? TAKE_OVER_AFTER_NANOS
                    : due == Long.MAX_VALUE ? STANDBY_LOOK_NANOS
                    : Math.min(due - now, STANDBY_LOOK_NANOS) + slack;
            standbyLooksAt = now + wait;
            // The keeper writes nextDue and then reads standbyLooksAt: one of the two sees the other.
            if (nextDue == due) {
                LockSupport.parkNanos(blocker, wait);
                Thread.interrupted();
            }
        }
        leaveSlot(k);
    }

    /** How often a standby looked at the role so far (tests). */
    long standbyLooks() {
        return standbyLooks;
    }

    /** The standby's slack now (tests). */
    long standbySlack() {
        return standbySlack;
    }

    private void leaveSlot(RelayWorker k) {
        standbyLooksAt = Long.MAX_VALUE;
        standby.compareAndSet(k, null);
        pool.leftStandby();
    }
}
