package org.openmark.pbs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A weighted mixture such as {@code 0.9*pareto(0.2,10)+0.1*exp(1.5)}: each sample first picks a
 * component with probability equal to its weight, then samples it. Weights are positive and sum
 * to 1 (the parser checks this; the constructor normalizes away rounding).
 */
public final class Mixture implements LatencyDistribution {
    private final double[] weights;
    private final LatencyDistribution[] parts;
    private final double[] cumulative;

    /** A mixture of {@code parts} with the given positive {@code weights}. */
    public Mixture(double[] weights, List<LatencyDistribution> parts) {
        if (weights.length != parts.size() || weights.length < 2) {
            throw new IllegalArgumentException("a mixture needs at least 2 weighted parts");
        }
        this.weights = weights.clone();
        this.parts = parts.toArray(new LatencyDistribution[0]);
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        this.cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum / total;
        }
        // the last part takes whatever rounding leaves, so every u in [0,1) picks a part
        cumulative[weights.length - 1] = Double.POSITIVE_INFINITY;
    }

    /** The weights, in order. */
    public double[] weights() {
        return weights.clone();
    }

    /** The components, in order. */
    public List<LatencyDistribution> parts() {
        return List.of(parts);
    }

    @Override
    public double sampleMs(SplittableRandom rng) {
        double u = rng.nextDouble();
        int i = 0;
        while (u >= cumulative[i]) {
            i++;
        }
        return parts[i].sampleMs(rng);
    }

    @Override
    public String spec() {
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            terms.add(LatencyDistribution.format(weights[i]) + "*" + parts[i].spec());
        }
        return String.join("+", terms);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mixture m && Arrays.equals(weights, m.weights) && Arrays.equals(parts, m.parts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(weights) + Arrays.hashCode(parts);
    }

    @Override
    public String toString() {
        return spec();
    }
}
