package org.openmark.load.dispatch;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The timekeeping role that a {@link WorkerPool}'s workers pass between them
 * ({@link TimekeepingRelay}), as one word: {@code epoch << 2 | state}. Every take-over starts a
 * new epoch, so a keeper that wakes after it was taken over finds that its epoch is gone and
 * steps down. States: {@link #FREE} (nobody keeps time; a worker not running an operation takes
 * the role up), {@link #TAKEN} (a worker keeps time), {@link #PARKED} (the keeper is parked until
 * the next arrival; the standby may take over when it is late), {@link #NONE} (no timekeeping:
 * none given, or the schedule has ended).
 */
final class TimekeepingRole {
    static final long FREE = 0;
    static final long TAKEN = 1;
    static final long PARKED = 2;
    static final long NONE = 3;
    private static final long STATE = 3;

    private final AtomicLong word = new AtomicLong(NONE);

    /** The word as it is now (pass it to {@link #take}). */
    long get() {
        return word.get();
    }

    /** The state of a word. */
    static long state(long seen) {
        return seen & STATE;
    }

    /** Timekeeping begins: free, epoch 0. */
    void open() {
        word.set(FREE);
    }

    /** No timekeeping any more. */
    void end() {
        word.set(NONE);
    }

    /** Takes the role if the word is still {@code seen}; returns the new epoch, or -1 when it changed. */
    long take(long seen) {
        long epoch = (seen >>> 2) + 1;
        return word.compareAndSet(seen, epoch << 2 | TAKEN) ? epoch : -1;
    }

    /** The keeper of {@code epoch} frees the role. */
    void free(long epoch) {
        word.set(epoch << 2 | FREE);
    }

    /** The keeper of {@code epoch} parks; false when the role is no longer its (ended). */
    boolean park(long epoch) {
        return word.compareAndSet(epoch << 2 | TAKEN, epoch << 2 | PARKED);
    }

    /** Whether the keeper of {@code epoch} is still parked and not taken over. */
    boolean stillParked(long epoch) {
        return word.get() == (epoch << 2 | PARKED);
    }

    /** The keeper of {@code epoch} woke: true when it still holds the role (nobody took it over). */
    boolean resume(long epoch) {
        return word.compareAndSet(epoch << 2 | PARKED, epoch << 2 | TAKEN);
    }
}
