package org.openmark.pbs;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Always {@code valueMs}. */
public record Constant(double valueMs) implements LatencyDistribution {

    @Override
    public double sampleMs(SplittableRandom rng) {
        return valueMs;
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        Arrays.fill(out, from, to, valueMs);
    }

    @Override
    public String spec() {
        return "const(" + LatencyDistribution.format(valueMs) + ")";
    }
}
