package org.openmark.workload.generator;

/**
 * The generalized harmonic number zeta(n, theta) = sum over i = 1..n of 1 / i^theta, which the
 * zipfian generator needs for its item count.
 *
 * <p>YCSB sums all n terms, which takes minutes for 10^8 items and is impossible for the 10^16
 * items of the scrambled zipfian (YCSB ships one precomputed constant, so only theta = 0.99 works
 * there). Here the first {@value #EXACT_TERMS} terms are summed and the rest is the Euler–Maclaurin
 * formula with derivative terms up to the fifth; the truncation error is below 1e-20 for theta in
 * (0, 1), far under double rounding. So any theta works at any item count, in constant time.
 */
public final class Zeta {
    /** Terms summed exactly; the tail starts after them, where the remainder term is negligible. */
    static final int EXACT_TERMS = 1_000;

    private Zeta() {
    }

    /** zeta(n, theta) for n >= 0 and theta > 0. */
    public static double of(long n, double theta) {
        if (n <= EXACT_TERMS) {
            return exactSum(0, n, theta);
        }
        return exactSum(0, EXACT_TERMS, theta) + tail(EXACT_TERMS + 1, n, theta);
    }

    /** zeta(to) - zeta(from): the terms i = from+1 .. to, summed one by one. */
    static double exactSum(long from, long to, double theta) {
        double sum = 0;
        for (long i = from + 1; i <= to; i++) {
            sum += 1.0 / Math.pow(i, theta);
        }
        return sum;
    }

    /** Sum of i^-theta for i = a..b by Euler–Maclaurin (a large enough that the series converges fast). */
    static double tail(long a, long b, double theta) {
        double da = a;
        double db = b;
        double fa = Math.pow(da, -theta);
        double fb = Math.pow(db, -theta);
        // b^(1-theta) - a^(1-theta) written with expm1, which stays exact as theta approaches 1
        double logRatio = Math.log(db / da);
        double integral = theta == 1.0
                ? logRatio
                : fa * da * Math.expm1((1.0 - theta) * logRatio) / (1.0 - theta);
        // derivatives of x^-theta: f' = -theta x^(-theta-1), f''' = -theta(theta+1)(theta+2) x^(-theta-3),
        // f^(5) = -theta(theta+1)...(theta+4) x^(-theta-5)
        double c1 = -theta;
        double c3 = c1 * (theta + 1) * (theta + 2);
        double c5 = c3 * (theta + 3) * (theta + 4);
        double d1 = c1 * (fb / db - fa / da);
        double d3 = c3 * (fb / (db * db * db) - fa / (da * da * da));
        double d5 = c5 * (fb / Math.pow(db, 5) - fa / Math.pow(da, 5));
        return integral + (fa + fb) / 2 + d1 / 12 - d3 / 720 + d5 / 30240;
    }
}
