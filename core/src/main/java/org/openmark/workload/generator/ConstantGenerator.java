package org.openmark.workload.generator;

import java.util.SplittableRandom;

/** Always the same value. Immutable and thread-safe. */
public record ConstantGenerator(long value) implements LongGenerator {

    @Override
    public long nextLong(SplittableRandom random) {
        return value;
    }
}
