package org.openmark.workload.generator;

import java.util.SplittableRandom;

/**
 * A fraction {@code hotOperationFraction} of draws fall uniformly into the hot set, the first
 * {@code hotDataFraction} of [min, max]; the rest fall uniformly into the cold remainder
 * (YCSB's {@code hotspot}). Immutable and thread-safe.
 */
public final class HotspotGenerator implements LongGenerator {
    private final long min;
    private final long hotCount;
    private final long coldCount;
    private final double hotOperationFraction;

    /** Hotspot over [min, max]; both fractions in [0, 1]. */
    public HotspotGenerator(long min, long max, double hotDataFraction, double hotOperationFraction) {
        if (min > max) {
            throw new IllegalArgumentException("hotspot range is empty: min " + min + " > max " + max);
        }
        checkFraction("hot data fraction", hotDataFraction);
        checkFraction("hot operation fraction", hotOperationFraction);
        long count = max - min + 1;
        this.min = min;
        this.hotCount = (long) (count * hotDataFraction);
        this.coldCount = count - hotCount;
        this.hotOperationFraction = hotOperationFraction;
    }

    private static void checkFraction(String what, double f) {
        if (!(f >= 0 && f <= 1)) {
            throw new IllegalArgumentException(what + " must be in [0, 1], is " + f);
        }
    }

    @Override
    public long nextLong(SplittableRandom random) {
        // an empty hot (or cold) set sends every draw to the other set instead of dividing by zero
        boolean hot = coldCount == 0 || (hotCount > 0 && random.nextDouble() < hotOperationFraction);
        return hot ? min + random.nextLong(hotCount) : min + hotCount + random.nextLong(coldCount);
    }

    /** How many items form the hot set. */
    public long hotCount() {
        return hotCount;
    }
}
