package org.openmark.workload.generator;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * YCSB's {@code latest}: zipfian over the distance from the newest item, so the most recently
 * inserted items are the most popular. The newest item is read from {@code newest} on every draw
 * (the acknowledged-insert counter), and the zipfian grows as items are added. As in YCSB, the
 * draw is {@code newest - zipfian(newest)}, which lies in [1, newest]. How the zipfian's eta follows
 * the growth is the {@link ZipfianGenerator.Eta} choice (YCSB's by default). Not thread-safe: each
 * client owns an instance.
 */
public final class SkewedLatestGenerator implements LongGenerator {
    private final LongSupplier newest;
    private final ZipfianGenerator distance;

    /** Skewed toward {@code newest.getAsLong()}, with the given zipfian constant; grows as YCSB does. */
    public SkewedLatestGenerator(LongSupplier newest, double theta) {
        this(newest, theta, ZipfianGenerator.Eta.YCSB);
    }

    /** Skewed toward {@code newest.getAsLong()}, with the given zipfian constant and growth of eta. */
    public SkewedLatestGenerator(LongSupplier newest, double theta, ZipfianGenerator.Eta eta) {
        this.newest = newest;
        this.distance = new ZipfianGenerator(0, Math.max(0, newest.getAsLong()) - 1, theta, eta);
    }

    @Override
    public long nextLong(SplittableRandom random) {
        long max = newest.getAsLong();
        return max - distance.nextLong(random, max);
    }
}
