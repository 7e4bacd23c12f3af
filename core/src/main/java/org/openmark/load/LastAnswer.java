package org.openmark.load;

import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Status;

/**
 * When the store last answered (OK or NOT_FOUND), for a phase that gives up on a store that
 * stopped answering. Kept to {@link #GRAIN_NANOS}: the shared time is written only when it is
 * that much behind, so client threads that complete millions of operations a second read a
 * line nobody writes instead of all updating one (the update cost about 35 ns per operation
 * with two client threads). The stall timeout is seconds, so the grain does not matter to it.
 */
final class LastAnswer {
    /** How far behind the recorded time may be. */
    static final long GRAIN_NANOS = 1_000_000;

    private final AtomicLong nanos;

    LastAnswer(long startNanos) {
        this.nanos = new AtomicLong(startNanos);
    }

    /** Whether {@code status} is an answer (found or not); an error is none. */
    static boolean isAnswer(Status status) {
        return status.isOk() || status == Status.NOT_FOUND;
    }

    /** The store answered at {@code completedNanos}. */
    void answered(long completedNanos) {
        if (completedNanos - nanos.get() >= GRAIN_NANOS) {
            nanos.accumulateAndGet(completedNanos, Math::max);
        }
    }

    /** When the store last answered, at most {@link #GRAIN_NANOS} early. */
    long nanos() {
        return nanos.get();
    }
}
