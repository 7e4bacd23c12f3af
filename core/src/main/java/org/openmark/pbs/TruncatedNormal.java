package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * Normal latency conditioned on being {@code >= 0}: negative draws are redrawn (a true
 * truncation, not a clamp, so there is no spike at zero). The parser requires
 * {@code meanMs > -3 sdMs}, which keeps the expected number of redraws below about 740.
 */
public record TruncatedNormal(double meanMs, double sdMs) implements LatencyDistribution {

    @Override
    public double sampleMs(SplittableRandom rng) {
        double x;
        do {
            x = meanMs + sdMs * rng.nextGaussian();
        } while (x < 0);
        return x;
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            double x;
            do {
                x = meanMs + sdMs * rng.nextGaussian();
            } while (x < 0);
            out[i] = x;
        }
    }

    @Override
    public String spec() {
        return "normal(" + LatencyDistribution.format(meanMs) + "," + LatencyDistribution.format(sdMs) + ")";
    }
}
