package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * Exponential latency with rate {@code ratePerMs} (mean {@code 1 / ratePerMs} ms). Uses the
 * JDK's ziggurat {@code nextExponential()}, about 3 times faster than {@code -log(U)}.
 */
public record Exponential(double ratePerMs) implements LatencyDistribution {

    @Override
    public double sampleMs(SplittableRandom rng) {
        return rng.nextExponential() / ratePerMs;
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        double meanMs = 1.0 / ratePerMs;
        for (int i = from; i < to; i++) {
            out[i] = rng.nextExponential() * meanMs;
        }
    }

    @Override
    public String spec() {
        return "exp(" + LatencyDistribution.format(ratePerMs) + ")";
    }
}
