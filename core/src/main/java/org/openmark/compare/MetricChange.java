package org.openmark.compare;

/**
 * One figure of one operation in two runs: the baseline's, the candidate's, the relative change
 * with its 95 % confidence interval, and what that means.
 *
 * @param metric e.g. {@code response mean}, {@code response p99}, {@code throughput}
 * @param higherIsWorse true for latencies, false for throughput
 * @param pValue the two-sided p-value of "no change" for this figure alone
 * @param significant whether the change is significant among all the figures of the comparison
 *     (Holm's correction keeps the chance of any false alarm in a comparison at 5 %)
 * @param method how the interval was computed (for the output: a reader must know)
 */
public record MetricChange(String metric, boolean higherIsWorse, double baseline, double candidate, double relative,
        double ciLow, double ciHigh, double pValue, boolean significant, String method) {

    /** The same figure judged significant or not. */
    MetricChange judged(boolean isSignificant) {
        return new MetricChange(metric, higherIsWorse, baseline, candidate, relative, ciLow, ciHigh, pValue,
                isSignificant, method);
    }

    /** True when the candidate is significantly worse (slower, or less throughput). */
    public boolean worse() {
        return significant() && (higherIsWorse ? relative > 0 : relative < 0);
    }

    /** {@code slower}, {@code faster} or {@code no significant difference}. */
    public String verdict() {
        if (!significant()) {
            return "no significant difference";
        }
        return worse() ? (higherIsWorse ? "slower" : "less throughput") : (higherIsWorse ? "faster" : "more throughput");
    }
}
