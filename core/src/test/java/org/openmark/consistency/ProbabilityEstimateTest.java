package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Intervals of a measured P(consistent): Wilson's, widened by the batches of consecutive writes. */
class ProbabilityEstimateTest {

    /** Wilson's 95 % interval of 95 successes in 100: 0.8882 to 0.9785 (the textbook value). */
    @Test
    void wilson_95of100_textbookInterval() {
        double[] w = ProbabilityEstimate.wilson(95, 100);
        assertEquals(0.8882, w[0], 1e-4);
        assertEquals(0.9785, w[1], 1e-4);
    }

    @Test
    void measured_steadyBatches_wilsonsInterval() {
        long[] seen = new long[20];
        long[] probed = new long[20];
        java.util.Arrays.fill(seen, 19);
        java.util.Arrays.fill(probed, 20);
        ProbabilityEstimate e = ProbabilityEstimate.measured(380, 400, seen, probed);
        double[] w = ProbabilityEstimate.wilson(380, 400);
        assertEquals(new ProbabilityEstimate(0.95, w[0], w[1]), e, "batches that agree add nothing");
    }

    /**
     * Half the batches see every write, half none: the share is 0.5, Wilson's interval is ±0.05 for 400
     * reads, the batches' t-interval ±2.093 · 0.513 / √20 = ±0.240.
     */
    @Test
    void measured_driftingBatches_widerThanWilsons() {
        long[] seen = new long[20];
        long[] probed = new long[20];
        for (int i = 0; i < 20; i++) {
            seen[i] = i < 10 ? 20 : 0;
            probed[i] = 20;
        }
        ProbabilityEstimate e = ProbabilityEstimate.measured(200, 400, seen, probed);
        double half = 2.093 * Math.sqrt(20.0 / 19 * 0.25) / Math.sqrt(20);
        assertEquals(0.5 - half, e.low(), 1e-3);
        assertEquals(0.5 + half, e.high(), 1e-3);
        assertTrue(e.high() - e.low() > 0.4, e.toString());
    }
}
