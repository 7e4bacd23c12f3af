package org.openmark.compare;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The comparison of two sides' estimates of one figure: Welch's t on the difference of their
 * logarithms, each side's variance with its own degrees of freedom ({@link BatchJackknife} for a
 * side of one run, {@link BetweenRuns} for several), Welch–Satterthwaite degrees of freedom for
 * the difference. The interval of the ratio is the exponential of the interval of the log ratio,
 * so it never crosses −100 %; the p-value is that of the same t, so the interval excludes no
 * change exactly when p &lt; 0.05. Pure and deterministic: values in, a {@link Change} out.
 */
final class IntervalStatistics {
    /** Two-sided confidence level of every interval. */
    static final double CONFIDENCE = 0.95;

    private IntervalStatistics() {
    }

    /**
     * A relative change with its 95 % confidence interval ({@code ciLow..ciHigh} of the same ratio
     * minus one) and the two-sided p-value of "no change".
     */
    record Change(double baseline, double candidate, double relative, double ciLow, double ciHigh, double pValue) {
    }

    /** The change from {@code a} to {@code b}: {@code exp(ln b − ln a) − 1} with its interval and p-value. */
    static Change logRatio(FigureEstimate a, FigureEstimate b) {
        double d = b.logValue() - a.logValue();
        Welch w = Welch.of(d, a.logVariance(), a.degreesOfFreedom(), b.logVariance(), b.degreesOfFreedom());
        return new Change(a.value(), b.value(), Math.expm1(d), Math.expm1(w.low()), Math.expm1(w.high()), w.pValue());
    }

    /**
     * A difference {@code d} with the squared standard errors of its two parts and their degrees
     * of freedom: the Welch–Satterthwaite degrees of freedom, the two-sided p-value of
     * {@code d = 0} and the 95 % interval of {@code d}.
     */
    record Welch(double low, double high, double pValue, double degreesOfFreedom) {
        static Welch of(double d, double sa2, double dfa, double sb2, double dfb) {
            double se2 = sa2 + sb2;
            if (!(se2 > 0)) {
                // No variation at all (a deterministic store in virtual time): any difference is real.
                return new Welch(d, d, d == 0 ? 1 : 0, Double.POSITIVE_INFINITY);
            }
            double df = se2 * se2 / (sa2 * sa2 / Math.max(1, dfa) + sb2 * sb2 / Math.max(1, dfb));
            TDistribution t = new TDistribution(null, Math.max(1, df));
            double se = Math.sqrt(se2);
            double half = t.inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * se;
            double p = 2 * t.cumulativeProbability(-Math.abs(d) / se);
            return new Welch(d - half, d + half, Math.min(1, p), df);
        }
    }
}
