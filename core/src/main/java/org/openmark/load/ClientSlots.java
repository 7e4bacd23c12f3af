package org.openmark.load;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What each closed-model client thread has in the store: the intended start of its operation,
 * or nothing. One cell per client, written only by its own thread with a release store (no
 * fence per operation), two cache lines away from its neighbours' and from the array's start,
 * so that no cell shares a line with anything (a cell at the start shared one with the array's
 * header, whose length every client reads for its bounds check: 6 % of the client threads' CPU
 * samples). Read by the live gauges
 * and, at the end of the phase, for the clients left in the store.
 */
final class ClientSlots {
    /** Longs between two cells: 128 bytes, so adjacent-line prefetching does not pair them either. */
    private static final int SPACING = 16;
    private static final long EMPTY = -1;

    private final AtomicLongArray cells;
    private final int clients;

    ClientSlots(int clients) {
        this.clients = clients;
        this.cells = new AtomicLongArray((clients + 1) * SPACING);
        for (int i = 0; i < clients; i++) {
            cells.set(index(i), EMPTY);
        }
    }

    /** Client {@code slot} handed an operation intended at {@code intendedNanos} to the store. */
    void enter(int slot, long intendedNanos) {
        cells.setRelease(index(slot), intendedNanos);
    }

    /** Client {@code slot}'s operation ended. */
    void leave(int slot) {
        cells.setRelease(index(slot), EMPTY);
    }

    /** The intended start of client {@code slot}'s operation in the store, or -1 when it has none. */
    long intendedStart(int slot) {
        return cells.getAcquire(index(slot));
    }

    /** How many clients have an operation in the store now. */
    long inStore() {
        long n = 0;
        for (int i = 0; i < clients; i++) {
            n += intendedStart(i) >= 0 ? 1 : 0;
        }
        return n;
    }

    /** Cell {@code slot}'s index: one spacing in from the array's start too, away from its header. */
    private static int index(int slot) {
        return (slot + 1) * SPACING;
    }
}
