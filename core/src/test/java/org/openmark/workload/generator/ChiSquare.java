package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.commons.math3.stat.inference.ChiSquareTest;

/** Chi-square goodness of fit for the randomized tests (fixed seeds, so results are reproducible). */
public final class ChiSquare {
    /** Significance level: with fixed seeds a pass is stable, and a real bias fails by orders of magnitude. */
    public static final double ALPHA = 0.001;

    private ChiSquare() {
    }

    /** Asserts that {@code observed} counts fit the probabilities {@code pmf} (need not be normalized). */
    public static void assertFits(double[] pmf, long[] observed, String what) {
        double total = Arrays.stream(pmf).sum();
        long n = Arrays.stream(observed).sum();
        double[] expected = new double[pmf.length];
        for (int i = 0; i < pmf.length; i++) {
            expected[i] = pmf[i] / total * n;
        }
        double p = new ChiSquareTest().chiSquareTest(expected, observed);
        assertTrue(p > ALPHA, what + ": chi-square p-value " + p + " <= " + ALPHA
                + "\nobserved " + Arrays.toString(observed) + "\nexpected " + Arrays.toString(expected));
    }
}
