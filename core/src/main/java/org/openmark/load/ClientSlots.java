package org.openmark.load;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What each closed-model client thread has in the store: the intended start of its operation,
 * or nothing. One cell per client, written only by its own thread with a release store (no
 * fence per operation) and two cache lines away from its neighbours', so clients never share a
 * line; read by the live gauges and, at the end of the phase, for the clients left in the store.
 */
final class ClientSlots {
    /** Longs between two cells: 128 bytes, so adjacent-line prefetching does not pair them either. */
    private static final int SPACING = 16;
    private static final long EMPTY = -1;

    private final AtomicLongArray cells;
    private final int clients;

    ClientSlots(int clients) {
        this.clients = clients;
        this.cells = new AtomicLongArray(clients * SPACING);
        for (int i = 0; i < clients; i++) {
            cells.set(i * SPACING, EMPTY);
        }
    }

    /** Client {@code slot} handed an operation intended at {@code intendedNanos} to the store. */
    void enter(int slot, long intendedNanos) {
        cells.setRelease(slot * SPACING, intendedNanos);
    }

    /** Client {@code slot}'s operation ended. */
    void leave(int slot) {
        cells.setRelease(slot * SPACING, EMPTY);
    }

    /** The intended start of client {@code slot}'s operation in the store, or -1 when it has none. */
    long intendedStart(int slot) {
        return cells.getAcquire(slot * SPACING);
    }

    /** How many clients have an operation in the store now. */
    long inStore() {
        long n = 0;
        for (int i = 0; i < clients; i++) {
            n += intendedStart(i) >= 0 ? 1 : 0;
        }
        return n;
    }
}
