package org.openmark.load.dispatch;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongConsumer;
import org.openmark.workload.Operation;

/**
 * A bounded queue of operations due to run, each with its intended start: one producer (the
 * scheduler), any number of consumers (workers). Nothing is allocated per operation.
 *
 * <p>Implementation notes: the array-ring design of D. Vyukov's bounded queue. Each cell has a
 * sequence number: {@code pos} when free for the producer's {@code pos}-th offer, {@code pos+1}
 * once filled, {@code pos+capacity} once consumed. The sequence write publishes the cell's
 * fields. The single producer keeps its position in a plain field; consumers claim cells by a
 * compare-and-set on {@code head}.
 */
final class OperationRing {
    private final int mask;
    private final Operation[] operations;
    private final long[] intendedStartNanos;
    private final AtomicLongArray sequence;
    private final AtomicLong head = new AtomicLong();
    /** Written by the producer only; volatile so consumers can tell whether work is queued. */
    private volatile long tail;

    /** A ring of at least {@code minCapacity} cells (rounded up to a power of two). */
    OperationRing(int minCapacity) {
        if (minCapacity < 1 || minCapacity > 1 << 30) {
            throw new IllegalArgumentException("capacity must be in 1..2^30: " + minCapacity);
        }
        int capacity = Integer.highestOneBit(minCapacity);
        if (capacity < minCapacity) {
            capacity <<= 1;
        }
        mask = capacity - 1;
        operations = new Operation[capacity];
        intendedStartNanos = new long[capacity];
        sequence = new AtomicLongArray(capacity);
        for (int i = 0; i < capacity; i++) {
            sequence.set(i, i);
        }
    }

    int capacity() {
        return mask + 1;
    }

    /** Whether the next {@link #offer} will succeed. Producer only. */
    boolean hasRoom() {
        long pos = tail;
        return sequence.get((int) (pos & mask)) == pos;
    }

    /** Queues an operation; false when the ring is full. Producer only. */
    boolean offer(Operation operation, long intendedStart) {
        long pos = tail;
        int cell = (int) (pos & mask);
        if (sequence.get(cell) != pos) {
            return false;
        }
        operations[cell] = operation;
        intendedStartNanos[cell] = intendedStart;
        sequence.set(cell, pos + 1);
        tail = pos + 1;
        return true;
    }

    /** What a consumer takes from the ring. */
    interface Taker {
        void take(Operation operation, long intendedStartNanos);
    }

    /** Takes the oldest queued operation into {@code taker}; false when none is queued. */
    boolean poll(Taker taker) {
        while (true) {
            long pos = head.get();
            int cell = (int) (pos & mask);
            long seq = sequence.get(cell);
            long diff = seq - (pos + 1);
            if (diff < 0) {
                return false;
            }
            if (diff == 0 && head.compareAndSet(pos, pos + 1)) {
                Operation op = operations[cell];
                long intended = intendedStartNanos[cell];
                operations[cell] = null;
                sequence.set(cell, pos + mask + 1);
                taker.take(op, intended);
                return true;
            }
            // Another consumer claimed this cell first; look again.
        }
    }

    /** How many operations were ever offered (the position of the next offer). Producer only. */
    long offered() {
        return tail;
    }

    /** How many operations were ever taken (a snapshot). */
    long taken() {
        return head.get();
    }

    /** Whether no operation is queued (a snapshot). */
    boolean isEmpty() {
        return head.get() >= tail;
    }

    /**
     * Calls {@code intendedStart} for each queued operation; returns how many. Only when no
     * thread offers or polls any more (after the run).
     */
    long forEachQueued(LongConsumer intendedStart) {
        long n = 0;
        for (long pos = head.get(); pos < tail; pos++) {
            intendedStart.accept(intendedStartNanos[(int) (pos & mask)]);
            n++;
        }
        return n;
    }
}
