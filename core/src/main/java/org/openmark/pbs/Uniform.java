package org.openmark.pbs;

import java.util.SplittableRandom;

/** Uniform latency on {@code [lowMs, highMs)}. */
public record Uniform(double lowMs, double highMs) implements LatencyDistribution {

    @Override
    public double sampleMs(SplittableRandom rng) {
        return lowMs + (highMs - lowMs) * rng.nextDouble();
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        double widthMs = highMs - lowMs;
        for (int i = from; i < to; i++) {
            out[i] = lowMs + widthMs * rng.nextDouble();
        }
    }

    @Override
    public String spec() {
        return "uniform(" + LatencyDistribution.format(lowMs) + "," + LatencyDistribution.format(highMs) + ")";
    }
}
