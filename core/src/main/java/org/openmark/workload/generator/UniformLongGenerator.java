package org.openmark.workload.generator;

import java.util.SplittableRandom;

/** Uniform over [{@code min}, {@code max}], both inclusive. Immutable and thread-safe. */
public final class UniformLongGenerator implements LongGenerator {
    private final long min;
    private final long max;

    /** Uniform over [min, max]; requires min <= max. */
    public UniformLongGenerator(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("uniform range is empty: min " + min + " > max " + max);
        }
        this.min = min;
        this.max = max;
    }

    @Override
    public long nextLong(SplittableRandom random) {
        if (max == Long.MAX_VALUE) {
            // the exclusive bound max + 1 would overflow: shift the range down by one instead
            return min == Long.MIN_VALUE ? random.nextLong() : random.nextLong(min - 1, max) + 1;
        }
        return random.nextLong(min, max + 1);
    }

    /** The smallest value. */
    public long min() {
        return min;
    }

    /** The largest value. */
    public long max() {
        return max;
    }
}
