package org.openmark.store.rocksdb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps native calls off a closed RocksDB: a call on a freed native handle crashes the JVM
 * instead of throwing, and a harness that stops waiting for in-flight operations after a grace
 * period may close the store while some still run.
 *
 * <p>Implementation notes: each session owns one {@link Slot} and is its only writer, so an
 * operation pays two uncontended volatile writes and one volatile read. {@link Slot#enter()}
 * writes {@code busy} then reads {@code closed}; {@link #closeAndAwait} writes {@code closed}
 * then reads every {@code busy}. Volatile accesses are sequentially consistent, so either the
 * operation sees {@code closed} and backs out, or the closer sees it busy and waits for it to
 * leave. A slot registered after the closer's scan necessarily sees {@code closed}.
 */
final class CloseGuard {
    private final Set<Slot> slots = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile boolean closed;

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
     * Stops new operations and waits, running {@code waitStep} between checks, until none is
     * in flight. Returns false (without waiting) when the guard was already closed.
     */
    boolean closeAndAwait(Runnable waitStep) {
        if (!closing.compareAndSet(false, true)) {
            return false;
        }
        closed = true;
        for (Slot slot : slots) {
            while (slot.busy) {
                waitStep.run();
            }
        }
        return true;
    }

    /** One thread's permission to run native calls. */
    final class Slot {
        private volatile boolean busy;

        /** True when the caller may proceed (and must then call {@link #exit()}); false once closed. */
        boolean enter() {
            busy = true;
            if (closed) {
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
