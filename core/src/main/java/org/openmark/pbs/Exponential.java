package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * Exponential latency with rate {@code ratePerMs} (mean {@code 1 / ratePerMs} ms). Uses the
 * JDK's ziggurat {@code nextExponential()}, about 3 times faster than {@code -log(U)}, and
 * multiplies by the precomputed mean rather than dividing by the rate (a division is several
 * times slower than a multiplication).
 */
public final class Exponential implements LatencyDistribution {
    private final double ratePerMs;
    private final double meanMs;

    /** Exponential with {@code ratePerMs > 0}. */
    public Exponential(double ratePerMs) {
        this.ratePerMs = ratePerMs;
        this.meanMs = 1.0 / ratePerMs;
    }

    /** The rate per ms. */
    public double ratePerMs() {
        return ratePerMs;
    }

    @Override
    public double sampleMs(SplittableRandom rng) {
        return rng.nextExponential() * meanMs;
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        double mean = meanMs;
        for (int i = from; i < to; i++) {
            out[i] = rng.nextExponential() * mean;
        }
    }

    @Override
    public String spec() {
        return "exp(" + LatencyDistribution.format(ratePerMs) + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Exponential e && Double.compare(ratePerMs, e.ratePerMs) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(ratePerMs);
    }

    @Override
    public String toString() {
        return spec();
    }
}
