package org.openmark.workload.generator;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Picks one of several values with probability proportional to its weight (the operation mix).
 * Values with weight 0 are never picked. Immutable and thread-safe.
 *
 * @param <T> the value type
 */
public final class DiscreteGenerator<T> {
    private final Object[] values;
    private final double[] cumulative;

    /** A weighted choice; weights must be non-negative, finite and not all zero. */
    public DiscreteGenerator(List<T> values, double[] weights) {
        if (values.size() != weights.length) {
            throw new IllegalArgumentException(values.size() + " values but " + weights.length + " weights");
        }
        double total = 0;
        for (double w : weights) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weight must be finite and >= 0, is " + w);
            }
            total += w;
        }
        if (total <= 0) {
            throw new IllegalArgumentException("all weights are 0");
        }
        int positive = 0;
        for (double w : weights) {
            positive += w > 0 ? 1 : 0;
        }
        this.values = new Object[positive];
        this.cumulative = new double[positive];
        double sum = 0;
        int j = 0;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] > 0) {
                sum += weights[i] / total;
                this.values[j] = values.get(i);
                this.cumulative[j] = sum;
                j++;
            }
        }
        // rounding can leave the last bound just under 1; u < 1 must always find a value
        this.cumulative[positive - 1] = Double.POSITIVE_INFINITY;
    }

    /** The next value. */
    @SuppressWarnings("unchecked")
    public T next(SplittableRandom random) {
        if (values.length == 1) {
            return (T) values[0];
        }
        return at(random.nextDouble());
    }

    /** The value for uniform {@code u} in [0, 1): the first whose cumulative bound lies above u. */
    @SuppressWarnings("unchecked")
    T at(double u) {
        for (int i = 0; i < cumulative.length; i++) {
            if (u < cumulative[i]) {
                return (T) values[i];
            }
        }
        throw new AssertionError("unreachable: the last bound is infinite");
    }
}
