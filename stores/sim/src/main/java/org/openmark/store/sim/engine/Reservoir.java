package org.openmark.store.sim.engine;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Keeps at most {@code limit} of the values offered, a uniform sample of all of them
 * (reservoir sampling, Vitter's algorithm R), with its own seeded random source so sampling
 * never changes the simulation's draws.
 */
final class Reservoir {
    private final int limit;
    private final SplittableRandom random;
    private long[] values = new long[16];
    private int size;
    private long offered;

    Reservoir(int limit, long seed) {
        this.limit = limit;
        this.random = new SplittableRandom(seed);
    }

    void offer(long value) {
        offered++;
        if (size < limit) {
            if (size == values.length) {
                values = Arrays.copyOf(values, (int) Math.min(limit, 2L * values.length));
            }
            values[size++] = value;
        } else if (limit > 0) {
            long slot = random.nextLong(offered);
            if (slot < limit) {
                values[(int) slot] = value;
            }
        }
    }

    /** The kept values (a copy). */
    long[] values() {
        return Arrays.copyOf(values, size);
    }

    /** How many values were offered in all. */
    long offered() {
        return offered;
    }
}
