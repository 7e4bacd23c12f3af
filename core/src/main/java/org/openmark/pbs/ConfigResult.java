package org.openmark.pbs;

/**
 * The prediction for one (R, W): P(consistent read) at t, its Monte Carlo standard error,
 * latencies (ms) and the t (ms after commit) at which P(consistent) reaches 99% and 99.9%.
 * Quantiles are accurate to 0.2% and never below the exact sample quantile.
 *
 * @param curve P(consistent) at each of the spec's curve times (empty without a curve)
 */
public record ConfigResult(int r, int w, double pConsistent, double pStdErr, double readMeanMs,
        double readP999Ms, double writeMeanMs, double writeP999Ms, double tFor99Ms, double tFor999Ms,
        double[] curve) {

    public ConfigResult {
        curve = curve.clone();
    }

    @Override
    public double[] curve() {
        return curve.clone();
    }

    /** True when every read quorum meets every write quorum (R + W > N): always consistent. */
    public boolean strict(int n) {
        return r + w > n;
    }
}
