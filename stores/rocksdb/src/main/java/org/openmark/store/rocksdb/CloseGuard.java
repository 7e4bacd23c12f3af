package org.openmark.store.rocksdb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps native calls off a closed RocksDB: a call on a freed native handle crashes the JVM
 * instead of throwing, and a harness that stops waiting for in-flight operations after a grace
 * period may close the store while some still run. The same gate holds calls off while an
 * image is restored: {@link #pauseAndAwait} blocks new operations and waits for running ones,
 * {@link #resume} lets them in again.
 *
 * <p>Implementation notes: each session owns one {@link Slot} and is its only writer, so an
 * operation pays two uncontended volatile writes and one volatile read. {@link Slot#enter()}
 * writes {@code busy} then reads {@code blocked}; closing and pausing write {@code blocked}
 * then read every {@code busy}. Volatile accesses are sequentially consistent, so either the
 * operation sees {@code blocked} and backs out, or the closer sees it busy and waits for it to
 * leave. A slot registered after the closer's scan necessarily sees {@code blocked}. State
 * changes are synchronized with each other; operations never take the monitor.
 */
final class CloseGuard {
    private final Set<Slot> slots = ConcurrentHashMap.newKeySet();
    /** Read by every operation: true while closed or paused. */
    private volatile boolean blocked;
    private boolean paused;
    private boolean closed;

    /** A new slot for one thread at a time; {@link #release} it when done. */
    Slot newSlot() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    void release(Slot slot) {
        slots.remove(slot);
    }

    /**
     * Stops new operations for good and waits, running {@code waitStep} between checks, until
     * none is in flight. Returns false (without waiting) when the guard was already closed.
     */
    synchronized boolean closeAndAwait(Runnable waitStep) {
        if (closed) {
            return false;
        }
        closed = true;
        blocked = true;
        awaitIdle(waitStep);
        return true;
    }

    /**
     * Stops new operations until {@link #resume()} and waits, like {@link #closeAndAwait}, until
     * none is in flight. Returns false (without waiting) when closed or already paused.
     */
    synchronized boolean pauseAndAwait(Runnable waitStep) {
        if (closed || paused) {
            return false;
        }
        paused = true;
        blocked = true;
        awaitIdle(waitStep);
        return true;
    }

    /** Lets operations in again after a pause, unless the guard was closed meanwhile. */
    synchronized void resume() {
        paused = false;
        blocked = closed;
    }

    private void awaitIdle(Runnable waitStep) {
        for (Slot slot : slots) {
            while (slot.busy) {
                waitStep.run();
            }
        }
    }

    /** One thread's permission to run native calls. */
    final class Slot {
        private volatile boolean busy;

        /** True when the caller may proceed (and must then call {@link #exit()}); false when closed or paused. */
        boolean enter() {
            busy = true;
            if (blocked) {
                busy = false;
                return false;
            }
            return true;
        }

        void exit() {
            busy = false;
        }
    }
}
