package org.openmark.compare;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction (Holm 1979): of m tests, the one with the k-th smallest p-value
 * (k from 0) is significant when it and every smaller one are below {@code alpha/(m−k)}. The
 * chance of any false alarm among the m stays at most alpha, whatever the tests' dependence.
 */
final class Holm {
    private Holm() {
    }

    /** Which of the p-values are significant at family-wise level {@code alpha}; NaN is never significant. */
    static boolean[] significant(double[] pValues, double alpha) {
        Integer[] order = new Integer[pValues.length];
        int m = 0;
        for (int i = 0; i < pValues.length; i++) {
            if (!Double.isNaN(pValues[i])) {
                order[m++] = i;
            }
        }
        Integer[] tested = Arrays.copyOf(order, m);
        Arrays.sort(tested, Comparator.comparingDouble(i -> pValues[i]));
        boolean[] out = new boolean[pValues.length];
        for (int k = 0; k < m; k++) {
            if (pValues[tested[k]] > alpha / (m - k)) {
                break;
            }
            out[tested[k]] = true;
        }
        return out;
    }
}
