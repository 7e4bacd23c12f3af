package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * A latency distribution in milliseconds. Samples are finite and {@code >= 0}. Implementations
 * override {@link #fillMs} with a tight loop: the simulator fills whole blocks at once, so the
 * virtual call is paid once per block, not once per sample.
 */
public interface LatencyDistribution {

    /** One sample in milliseconds (finite, {@code >= 0}). */
    double sampleMs(SplittableRandom rng);

    /** Fills {@code out[from, to)} with independent samples. */
    default void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            out[i] = sampleMs(rng);
        }
    }

    /** The canonical text of this distribution; {@link DistributionParser} parses it back. */
    String spec();

    /** Formats a parameter the way {@link #spec()} prints it: {@code 10}, not {@code 10.0}. */
    static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }
}
