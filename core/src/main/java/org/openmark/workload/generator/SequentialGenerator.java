package org.openmark.workload.generator;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * min, min+1, …, max, min, min+1, … shared by all clients (thread-safe): together they walk the
 * key range once before any key is visited again, as YCSB's {@code sequential} distribution does.
 */
public final class SequentialGenerator implements LongGenerator {
    private final long min;
    private final long count;
    private final AtomicLong issued = new AtomicLong();

    /** Cycles over [min, max]; requires min <= max. */
    public SequentialGenerator(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("sequential range is empty: min " + min + " > max " + max);
        }
        this.min = min;
        this.count = max - min + 1;
    }

    @Override
    public long nextLong(SplittableRandom random) {
        return min + Long.remainderUnsigned(issued.getAndIncrement(), count);
    }
}
