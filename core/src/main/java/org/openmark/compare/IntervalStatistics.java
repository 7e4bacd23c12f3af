package org.openmark.compare;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Tests that hold for latency measured interval by interval. Consecutive intervals of a run are
 * not independent (a slow second tends to follow a slow second), so a test that treats them as
 * independent samples claims differences that are not there; and a run has few intervals, so a
 * normal approximation claims differences that are not there either. Both are accounted for:
 *
 * <ul>
 * <li><b>Means</b> (and the closed model's throughput): Welch's t-test on the interval values,
 *     each run's sample size replaced by its effective size {@code n/τ}, where τ, the integrated
 *     autocorrelation time of its interval values, comes from their autocorrelations
 *     ({@link #effectiveSize}).</li>
 * <li><b>Percentiles</b>: each run's percentile and the standard error of its logarithm come from
 *     a bootstrap over its intervals, widened by the same factor τ ({@link PercentileBootstrap});
 *     the two are compared on the log scale with Welch's t, the degrees of freedom from each run's
 *     effective number of intervals ({@link #percentiles}). The p-value is continuous, so it is not
 *     limited by the number of resamples, and the interval and the test agree: the 95 % interval
 *     excludes no change exactly when p &lt; 0.05.</li>
 * </ul>
 *
 * <p>Pure and deterministic: values in, a {@link Change} out.
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

    /** Welch's test on the per-interval values with effective sample sizes. */
    static Change means(double[] a, double[] b) {
        double ma = mean(a);
        double mb = mean(b);
        double va = variance(a, ma);
        double vb = variance(b, mb);
        double na = effectiveSize(a);
        double nb = effectiveSize(b);
        double sa2 = va / na;
        double sb2 = vb / nb;
        double relative = ma == 0 ? 0 : mb / ma - 1;
        if (ma == 0) {
            return new Change(ma, mb, relative, relative, relative, 1);
        }
        Welch w = Welch.of(mb - ma, sa2, na - 1, sb2, nb - 1);
        return new Change(ma, mb, relative, w.low() / ma, w.high() / ma, w.pValue());
    }

    /**
     * The change of one percentile between two runs, from each run's bootstrap: Welch's t on
     * {@code log(candidate) − log(baseline)} with each run's standard error of the log, and
     * degrees of freedom {@code effective intervals − 1} per run. The interval is the exponential
     * of the interval of the log ratio, minus one.
     */
    static Change percentiles(PercentileBootstrap.Estimate a, PercentileBootstrap.Estimate b) {
        double qa = a.value();
        double qb = b.value();
        double relative = qa == 0 ? 0 : qb / qa - 1;
        if (qa <= 0 || qb <= 0) {
            return new Change(qa, qb, relative, relative, relative, 1);
        }
        double d = Math.log(qb) - Math.log(qa);
        Welch w = Welch.of(d, a.logSe() * a.logSe(), a.effectiveIntervals() - 1, b.logSe() * b.logSe(),
                b.effectiveIntervals() - 1);
        return new Change(qa, qb, relative, Math.expm1(w.low()), Math.expm1(w.high()), w.pValue());
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

    /**
     * The effective sample size of an autocorrelated series: {@code n/τ}, where
     * {@code τ = 1 + 2·Σ ρ_k} is its integrated autocorrelation time, estimated by Geyer's initial
     * monotone sequence (1992): the sums of consecutive pairs of autocorrelations
     * {@code ρ_2t + ρ_2t+1} are added while they are positive, each held at most the one before,
     * up to lag {@code n/4 + 1} (further ones rest on few products and are mostly noise).
     * The sample autocorrelations of a short series are low by about {@code τ/n} (its mean is
     * estimated from the same values), so the estimate is made twice, the second time with
     * {@code τ/n} of the first added to every {@code ρ_k}, k ≥ 1. The result is at least 2 and at
     * most n; a series of fewer than 4 values, or without variance, counts as independent.
     *
     * <p>Unlike the AR(1) formula {@code n(1−ρ_1)/(1+ρ_1)}, it holds when a slowly moving level is
     * overlaid with each interval's own noise (the lag-1 correlation is then small, the later ones
     * decay slowly): on such runs the AR(1) formula gave 13 % false alarms where 5 % were promised.
     */
    static double effectiveSize(double[] x) {
        int n = x.length;
        double[] rho = autocorrelations(x);
        if (n < 4 || rho == null) {
            return Math.max(1, n);
        }
        // Autocorrelations beyond the first quarter of the series rest on few products: mostly noise.
        double[] initial = Arrays.copyOf(rho, Math.min(n, n / 4 + 2));
        double first = integratedTime(initial, 0);
        double tau = integratedTime(initial, first / n);
        return Math.max(2, Math.min(n, n / tau));
    }

    /**
     * {@code τ = −1 + 2·Σ_t (ρ_2t + ρ_2t+1)} over the initial positive, monotone pairs of
     * {@code rho}, with {@code shift} added to every ρ_k, k ≥ 1; at least 1.
     */
    static double integratedTime(double[] rho, double shift) {
        double tau = -1;
        double previous = Double.POSITIVE_INFINITY;
        for (int t = 0; 2 * t + 1 < rho.length; t++) {
            double pair = rho[2 * t] + rho[2 * t + 1] + (t == 0 ? shift : 2 * shift);
            if (pair <= 0) {
                break;
            }
            previous = Math.min(pair, previous);
            tau += 2 * previous;
        }
        return Math.max(1, tau);
    }

    /**
     * The sample autocorrelations {@code ρ_0 .. ρ_n−1} (each lag's sum of products over n, divided
     * by the variance over n: the usual, positive-definite estimate); null without variance.
     */
    static double[] autocorrelations(double[] x) {
        int n = x.length;
        double m = mean(x);
        double c0 = 0;
        for (double v : x) {
            c0 += (v - m) * (v - m);
        }
        if (n < 2 || c0 <= 0) {
            return null;
        }
        double[] rho = new double[n];
        for (int k = 0; k < n; k++) {
            double c = 0;
            for (int i = k; i < n; i++) {
                c += (x[i] - m) * (x[i - k] - m);
            }
            rho[k] = c / c0;
        }
        return rho;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return x.length == 0 ? 0 : s / x.length;
    }

    /** The unbiased sample variance (0 for fewer than 2 values). */
    static double variance(double[] x, double mean) {
        if (x.length < 2) {
            return 0;
        }
        double s = 0;
        for (double v : x) {
            s += (v - mean) * (v - mean);
        }
        return s / (x.length - 1);
    }
}
