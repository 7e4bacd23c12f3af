package org.openmark.workload.generator;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A counter for run-phase inserts whose {@link #lastAcknowledged()} only advances over values
 * that have been acknowledged (their insert finished), and only contiguously: when 7 and 9 are
 * acknowledged but 8 is not, it stays at 7. Readers (the key chooser, the {@code latest}
 * distribution) therefore never pick a key whose insert may still be in flight.
 *
 * <p>Implementation notes. Thread-safe. Acknowledgements land in a ring of
 * {@value #WINDOW_SIZE} slots (value v in slot v mod size, stored as v + 1 so 0 means empty).
 * Whoever wins {@code tryLock} drains the contiguous run of acknowledged slots after the limit;
 * losers return at once, so acknowledging never blocks. A loser's slot may be missed by a drainer
 * that had already looked past it, so after unlocking the drainer looks at the next slot again and
 * drains once more if it is filled: no acknowledgement is left stranded. Acknowledging a value more
 * than {@value #WINDOW_SIZE} past the limit is an error (its slot would be shared with an
 * outstanding value).
 */
public final class AcknowledgedCounterGenerator {
    static final int WINDOW_SIZE = 1 << 20;
    private static final int WINDOW_MASK = WINDOW_SIZE - 1;

    private final AtomicLong next;
    private final AtomicLongArray window = new AtomicLongArray(WINDOW_SIZE);
    private final ReentrantLock drainLock = new ReentrantLock();
    private volatile long limit;

    /** A counter whose first value is {@code start}; nothing is acknowledged yet, so the limit is start - 1. */
    public AcknowledgedCounterGenerator(long start) {
        next = new AtomicLong(start);
        limit = start - 1;
    }

    /** The next value to insert. */
    public long next() {
        return next.getAndIncrement();
    }

    /** The highest value v such that every value up to v was acknowledged (start - 1 initially). */
    public long lastAcknowledged() {
        return limit;
    }

    /**
     * Marks {@code value} (returned earlier by {@link #next()}) as done.
     *
     * @throws IllegalStateException when more than {@value #WINDOW_SIZE} values are unacknowledged
     */
    public void acknowledge(long value) {
        int slot = (int) (value & WINDOW_MASK);
        long pendingLimit = limit;
        if (value - pendingLimit > WINDOW_SIZE) {
            throw new IllegalStateException("acknowledged counter: value " + value + " is more than "
                    + WINDOW_SIZE + " past the last acknowledged " + pendingLimit
                    + "; too many inserts are outstanding");
        }
        if (!window.compareAndSet(slot, 0, value + 1)) {
            throw new IllegalStateException("acknowledged counter: value " + value
                    + " collides with unacknowledged value " + (window.get(slot) - 1)
                    + "; more than " + WINDOW_SIZE + " inserts are outstanding");
        }
        while (isAcknowledged(limit + 1) && drainLock.tryLock()) {
            try {
                long l = limit;
                while (isAcknowledged(l + 1)) {
                    window.set((int) ((l + 1) & WINDOW_MASK), 0);
                    l++;
                }
                limit = l;
            } finally {
                drainLock.unlock();
            }
        }
    }

    private boolean isAcknowledged(long value) {
        return window.get((int) (value & WINDOW_MASK)) == value + 1;
    }
}
