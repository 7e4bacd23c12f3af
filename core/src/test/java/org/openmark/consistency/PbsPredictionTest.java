package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.api.WarsTracing.WarsSample;

/** PBS predictions from traced delays, against closed forms. */
class PbsPredictionTest {

    /** W is 0 or 10 ms (equally often), A, R and S are 0: one traced pair per combination. */
    private static WarsSamples twoPointWrites() {
        WarsSamples samples = new WarsSamples();
        samples.add(new WarsSample(new double[] {0, 10}, new double[] {0, 0}, new double[] {0, 0}, new double[] {0, 0},
                null));
        return samples;
    }

    /**
     * N=3, W=1, R=1: the write commits at the smallest W_i; a read at t=0 finds it on its one replica j
     * iff W_j is that smallest: P = 1/2 (W_j = 0) + 1/2 · 1/4 (W_j = 10 and both others 10) = 0.625;
     * from 10 ms on every replica has it.
     */
    @Test
    void predict_twoPointWriteDelays_closedForm() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), twoPointWrites(), List.of(0.0, 5.0, 10.0), 7);
        double stdErr = Math.sqrt(0.625 * 0.375 / PbsPrediction.TRIALS);
        assertEquals(0.625, p.predicted().get(0.0), 5 * stdErr);
        assertEquals(0.625, p.predicted().get(5.0), 5 * stdErr);
        assertEquals(1.0, p.predicted().get(10.0));
    }

    @Test
    void predict_readAndWriteQuorumsOverlap_alwaysConsistent() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 2, 2), twoPointWrites(), List.of(0.0, 1.0), 7);
        assertEquals(1.0, p.predicted().get(0.0));
    }

    @Test
    void text_measuredBesidePredicted() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), twoPointWrites(), List.of(0.0, 10.0), 7);
        StalenessResult measured = new StalenessResult(10, 20, 1, java.util.Map.of(0.0, 9L, 10.0, 10L),
                java.util.Map.of(0.0, 10L, 10.0, 10L), new org.HdrHistogram.Histogram(3), 0, java.util.Map.of(), FailedRequests.NONE,
                new org.HdrHistogram.Histogram(3));
        String text = p.text(measured);
        assertTrue(text.contains("[PBS], Replicas, N=3 R=1 W=1"), text);
        assertTrue(text.contains("[PBS], PConsistentAt(10ms), measured 1.00000, predicted 1.00000"), text);
        assertTrue(text.contains("[PBS], PConsistentAt(0ms), measured 0.90000, predicted 0.6"), text);
    }
}
