package org.openmark.timing;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.openmark.api.Clock;

/**
 * Virtual time: a clock that advances only when every registered thread is waiting on it, and
 * then jumps straight to the earliest deadline. Threads are registered by {@link VirtualTasks}.
 * A multi-threaded driver and a simulated store run under it exactly and reproducibly, as fast
 * as one CPU allows and without sleeping, as long as their threads block only through
 * {@link #parkUntil}. Tests use it, and so do simulated experiments ({@code --time virtual}).
 *
 * <p>Implementation notes: the registered threads take turns. Exactly one of them holds the
 * turn at a time and runs; the others wait for a deadline (sleeping) or for the turn
 * (runnable). A thread gives the turn up only when it parks or ends; it then goes to the next
 * runnable thread in order, and when none is runnable the clock jumps to the earliest deadline
 * and makes the threads due then runnable, ordered by the moment they parked. So the order in
 * which threads act, and hence every shared state they build (a simulated store's random
 * draws, a session pool's hand-outs, which operation a queue serves first), depends only on
 * what the threads do, never on how the operating system schedules them. When threads ran side
 * by side, two threads woken at the same virtual instant reached the simulated store in a
 * random order, and a thread that started early could run time ahead before its siblings were
 * registered: identical runs differed.
 *
 * <p>A thread registered by a thread outside the clock runs at once when the clock is idle;
 * {@link VirtualTasks#startPlatforms} registers a group at once, so none of them can run time
 * ahead of the others. Background threads (the status ticker) hold the turn while they work,
 * like any registered thread, but their waits alone never make time advance, so a ticker cannot
 * run the clock ahead once the work is done. Due at the same instant as other threads, a
 * background thread runs first (an interval ends before the operations due at its end).
 */
public final class VirtualClock implements Clock {
    private static final long EPOCH_MS = 1_700_000_000_000L;

    private static final Comparator<Participant> BY_DEADLINE =
            Comparator.<Participant>comparingLong(p -> p.deadline).thenComparingLong(p -> p.parkedSeq);

    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Participant> runnable = new ArrayDeque<>();
    private final PriorityQueue<Participant> sleeping = new PriorityQueue<>(BY_DEADLINE);
    private final PriorityQueue<Participant> sleepingBackground = new PriorityQueue<>(BY_DEADLINE);
    private final ThreadLocal<Participant> self = new ThreadLocal<>();
    private volatile long now;
    /** The thread that runs now, or null when the clock is idle (nothing runnable, nothing due). */
    private Participant holder;
    private long parkedSeq;

    /** One registered thread. Its fields other than {@code turn} are guarded by the lock. */
    static final class Participant {
        final Thread thread;
        final boolean background;
        long deadline;
        long parkedSeq;
        boolean asleep;
        volatile boolean turn;

        private Participant(Thread thread, boolean background) {
            this.thread = thread;
            this.background = background;
        }
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public long currentTimeMillis() {
        return EPOCH_MS + now / 1_000_000;
    }

    /**
     * Registers threads that are not started yet, in order: the first runs at once when the clock
     * is idle, the others after it and after every thread already runnable.
     */
    Participant[] register(boolean background, Thread... threads) {
        Participant[] ps = new Participant[threads.length];
        lock.lock();
        try {
            for (int i = 0; i < threads.length; i++) {
                ps[i] = new Participant(threads[i], background);
                runnable.addLast(ps[i]);
            }
            if (holder == null) {
                passTurn();
            }
        } finally {
            lock.unlock();
        }
        return ps;
    }

    /** Called first on a registered thread: binds it to its participant and waits for its turn. */
    void begin(Participant p) {
        self.set(p);
        boolean interrupted = awaitTurn(p);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Called last on a registered thread: gives the turn to the next one. */
    void end(Participant p) {
        lock.lock();
        try {
            if (holder == p) {
                holder = null;
                passTurn();
            }
        } finally {
            lock.unlock();
        }
        self.remove();
    }

    /**
     * Parks the calling registered thread until {@code deadlineNanos}: it gives up its turn and
     * gets it back once the clock has reached the deadline and the threads due before it have run.
     *
     * @throws IllegalStateException on a thread that {@link VirtualTasks} did not start
     */
    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        Participant p = self.get();
        if (p == null) {
            throw new IllegalStateException("virtual time: parkUntil on thread " + Thread.currentThread().getName()
                    + ", which the clock's tasks did not start");
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        lock.lock();
        try {
            if (deadlineNanos <= now) {
                return;
            }
            if (!p.background && runnable.isEmpty() && before(deadlineNanos, sleeping)
                    && before(deadlineNanos, sleepingBackground)) {
                // Nobody else can act before this deadline: time jumps there and the turn stays.
                now = deadlineNanos;
                return;
            }
            p.deadline = deadlineNanos;
            p.parkedSeq = parkedSeq++;
            p.asleep = true;
            p.turn = false;
            (p.background ? sleepingBackground : sleeping).add(p);
            holder = null;
            passTurn();
        } finally {
            lock.unlock();
        }
        if (awaitTurn(p)) {
            throw new InterruptedException();
        }
    }

    private static boolean before(long deadline, PriorityQueue<Participant> queue) {
        return queue.isEmpty() || deadline < queue.peek().deadline;
    }

    /**
     * Waits until {@code p} holds the turn. An interrupt wakes a sleeping participant early (it
     * joins the runnable ones) but never lets it run out of turn. Returns whether it was interrupted.
     */
    private boolean awaitTurn(Participant p) {
        boolean interrupted = false;
        while (!p.turn) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
                wakeEarly(p);
            }
        }
        return interrupted;
    }

    private void wakeEarly(Participant p) {
        lock.lock();
        try {
            if (!p.asleep) {
                return;
            }
            (p.background ? sleepingBackground : sleeping).remove(p);
            p.asleep = false;
            runnable.addLast(p);
            if (holder == null) {
                passTurn();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Gives the turn to the next runnable thread; when none is, advances to the earliest
     * deadline of a non-background sleeper (or of an earlier background one) and wakes the
     * threads due then. Background waits alone never advance time. Called with the lock held
     * and no holder.
     */
    private void passTurn() {
        if (runnable.isEmpty() && !sleeping.isEmpty()) {
            long next = sleeping.peek().deadline;
            if (!sleepingBackground.isEmpty()) {
                next = Math.min(next, sleepingBackground.peek().deadline);
            }
            now = next;
            wakeDue(sleepingBackground, next);
            wakeDue(sleeping, next);
        }
        Participant p = runnable.pollFirst();
        holder = p;
        if (p != null) {
            p.turn = true;
            LockSupport.unpark(p.thread);
        }
    }

    private void wakeDue(PriorityQueue<Participant> queue, long time) {
        while (!queue.isEmpty() && queue.peek().deadline <= time) {
            Participant p = queue.poll();
            p.asleep = false;
            runnable.addLast(p);
        }
    }
}
