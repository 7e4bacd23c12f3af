package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * Exponentially distributed non-negative values, truncated to whole numbers, such that
 * {@code percentile} percent of draws are below {@code range}. YCSB's {@code exponential}
 * request distribution subtracts the draw from the newest key, favouring recent records.
 * Immutable and thread-safe.
 */
public final class ExponentialGenerator implements LongGenerator {
    private final double gamma;

    /** percentile in (0, 100) percent of draws fall below range (> 0). */
    public ExponentialGenerator(double percentile, double range) {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100), is " + percentile);
        }
        if (!(range > 0)) {
            throw new IllegalArgumentException("range must be > 0, is " + range);
        }
        this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
    }

    @Override
    public long nextLong(SplittableRandom random) {
        // 1 - u lies in (0, 1], so the logarithm is finite
        return (long) (-Math.log(1.0 - random.nextDouble()) / gamma);
    }

    /** The mean of the untruncated distribution. */
    public double mean() {
        return 1.0 / gamma;
    }
}
