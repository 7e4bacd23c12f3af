package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * Pareto latency {@code x = scaleMs / U^(1/shape)} with U uniform on (0, 1]: never below
 * {@code scaleMs}, heavy-tailed for small {@code shape}. Drawn as {@code scaleMs * e^(E/shape)}
 * with E a standard exponential (the same distribution, since -ln U is exponential; one
 * {@code exp} is cheaper than {@code pow}). Samples are capped at {@link #CAP_MS} so that a
 * tiny shape cannot produce infinity.
 */
public record Pareto(double scaleMs, double shape) implements LatencyDistribution {

    /** Largest sample (about 31,700 years); only reachable with a very small shape. */
    public static final double CAP_MS = 1e15;

    @Override
    public double sampleMs(SplittableRandom rng) {
        return Math.min(CAP_MS, scaleMs * Math.exp(rng.nextExponential() / shape));
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        double inverseShape = 1.0 / shape;
        for (int i = from; i < to; i++) {
            out[i] = Math.min(CAP_MS, scaleMs * Math.exp(rng.nextExponential() * inverseShape));
        }
    }

    @Override
    public String spec() {
        return "pareto(" + LatencyDistribution.format(scaleMs) + "," + LatencyDistribution.format(shape) + ")";
    }
}
