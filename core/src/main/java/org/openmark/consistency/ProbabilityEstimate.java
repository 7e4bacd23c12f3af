package org.openmark.consistency;

import java.util.Locale;

/**
 * A probability with its 95 % interval.
 *
 * <p>For a measured P(consistent) the interval is the wider of two: Wilson's score interval of
 * the reads at the offset (what the trials alone allow), and the t-interval of the share over
 * batches of consecutive writes (what a store whose behaviour drifts during the run allows: the
 * reads of one stretch of time are not independent of each other). For a predicted one it is the
 * bootstrap's percentile interval.
 */
public record ProbabilityEstimate(double p, double low, double high) {
    private static final double Z95 = 1.959964;
    /** Student's t, 97.5 % quantile, for 1 .. 30 degrees of freedom. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    /** "0.98550 (95% 0.97900-0.99100)". */
    public String text() {
        return String.format(Locale.ROOT, "%.5f (95%% %.5f-%.5f)", p, low, high);
    }

    /**
     * The measured share {@code consistent / probed} with its interval; {@code batchConsistent} and
     * {@code batchProbed} the same counts per batch of consecutive writes (may be null: Wilson's
     * interval alone). Null when nothing was probed.
     */
    public static ProbabilityEstimate measured(long consistent, long probed, long[] batchConsistent,
            long[] batchProbed) {
        if (probed == 0) {
            return null;
        }
        double p = consistent / (double) probed;
        double[] wilson = wilson(consistent, probed);
        double low = wilson[0];
        double high = wilson[1];
        if (batchConsistent != null) {
            double sum = 0;
            double sumSq = 0;
            int batches = 0;
            for (int i = 0; i < batchProbed.length; i++) {
                if (batchProbed[i] > 0) {
                    double pb = batchConsistent[i] / (double) batchProbed[i];
                    sum += pb;
                    sumSq += pb * pb;
                    batches++;
                }
            }
            if (batches >= 2) {
                double mean = sum / batches;
                double sd = Math.sqrt(Math.max(0, (sumSq - batches * mean * mean) / (batches - 1)));
                double half = t975(batches - 1) * sd / Math.sqrt(batches);
                low = Math.min(low, Math.max(0, p - half));
                high = Math.max(high, Math.min(1, p + half));
            }
        }
        return new ProbabilityEstimate(p, low, high);
    }

    /** Wilson's score interval (95 %) of {@code k} successes in {@code n} trials. */
    static double[] wilson(long k, long n) {
        double p = k / (double) n;
        double z2 = Z95 * Z95;
        double denominator = 1 + z2 / n;
        double center = (p + z2 / (2.0 * n)) / denominator;
        double half = Z95 / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return new double[] {Math.max(0, center - half), Math.min(1, center + half)};
    }

    static double t975(int degreesOfFreedom) {
        return degreesOfFreedom <= T975.length ? T975[degreesOfFreedom - 1] : Z95;
    }

    /** The 2.5 % and 97.5 % percentiles of {@code values} (sorted in place) around {@code p}. */
    static ProbabilityEstimate percentile(double p, double[] values) {
        java.util.Arrays.sort(values);
        int n = values.length;
        double low = values[(int) Math.floor(0.025 * (n - 1))];
        double high = values[(int) Math.ceil(0.975 * (n - 1))];
        return new ProbabilityEstimate(p, Math.min(low, p), Math.max(high, p));
    }
}
