package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * Pareto latency {@code x = scaleMs / U^(1/shape)} with U uniform on (0, 1]: never below
 * {@code scaleMs}, heavy-tailed for small {@code shape}. Drawn as {@code scaleMs * e^(E/shape)}
 * with E a standard exponential (the same distribution, since -ln U is exponential; one
 * {@code exp} is cheaper than {@code pow}). Samples are capped at {@link #CAP_MS} so that a
 * tiny shape cannot produce infinity.
 */
public final class Pareto implements LatencyDistribution {
    /** Largest sample (about 31,700 years); only reachable with a very small shape. */
    public static final double CAP_MS = 1e15;

    private final double scaleMs;
    private final double shape;
    private final double inverseShape;

    /** Pareto with scale {@code scaleMs > 0} and shape {@code shape > 0}. */
    public Pareto(double scaleMs, double shape) {
        this.scaleMs = scaleMs;
        this.shape = shape;
        this.inverseShape = 1.0 / shape;
    }

    /** The scale xm in ms (the smallest value). */
    public double scaleMs() {
        return scaleMs;
    }

    /** The shape alpha. */
    public double shape() {
        return shape;
    }

    @Override
    public double sampleMs(SplittableRandom rng) {
        double x = scaleMs * Math.exp(rng.nextExponential() * inverseShape);
        return x < CAP_MS ? x : CAP_MS;
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        double scale = scaleMs;
        double inverse = inverseShape;
        for (int i = from; i < to; i++) {
            double x = scale * Math.exp(rng.nextExponential() * inverse);
            out[i] = x < CAP_MS ? x : CAP_MS;
        }
    }

    @Override
    public String spec() {
        return "pareto(" + LatencyDistribution.format(scaleMs) + "," + LatencyDistribution.format(shape) + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pareto p && Double.compare(scaleMs, p.scaleMs) == 0 && Double.compare(shape, p.shape) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(scaleMs) + Double.hashCode(shape);
    }

    @Override
    public String toString() {
        return spec();
    }
}
