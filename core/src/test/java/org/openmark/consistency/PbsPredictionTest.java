package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.api.WarsTracing.WarsSample;

/** PBS predictions from traced delays, against closed forms; their intervals; their replay. */
class PbsPredictionTest {

    /** W is 0 or 10 ms (equally often), A, R and S are 0: one traced pair per combination. */
    private static WarsSamples twoPointWrites() {
        WarsSamples samples = new WarsSamples();
        samples.add(new WarsSample(new double[] {0, 10}, new double[] {0, 0}, new double[] {0, 0}, new double[] {0, 0},
                null));
        return samples;
    }

    /**
     * The paper's model (no coordinator's copy in the traces). N=3, W=1, R=1: the write commits at the
     * smallest W_i; a read at t=0 finds it on its one replica j iff W_j is that smallest: P = 1/2 (W_j = 0)
     * + 1/2 · 1/4 (W_j = 10 and both others 10) = 0.625; from 10 ms on every replica has it.
     */
    @Test
    void predict_twoPointWriteDelays_closedForm() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), twoPointWrites(), List.of(0.0, 5.0, 10.0), 7);
        assertEquals(PbsPrediction.Model.PAPER, p.model());
        double stdErr = Math.sqrt(0.625 * 0.375 / PbsPrediction.TRIALS);
        assertEquals(0.625, p.predicted().get(0.0).p(), 5 * stdErr);
        assertEquals(0.625, p.predicted().get(5.0).p(), 5 * stdErr);
        assertEquals(1.0, p.predicted().get(10.0).p());
    }

    @Test
    void predict_readAndWriteQuorumsOverlap_alwaysConsistent() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 2, 2), twoPointWrites(), List.of(0.0, 1.0), 7);
        assertEquals(new ProbabilityEstimate(1.0, 1.0, 1.0), p.predicted().get(0.0));
    }

    /**
     * Token-aware: the coordinator's own copy at 0, the others' W 0 or 10 ms from 100 pairs half and half,
     * the local ack at once. At t=0 the read's coordinator has it when it is the write's (1/3) or its W
     * is 0 (2/3 · 1/2): P = 2/3. The bootstrap's interval holds it, and is not wider than the pairs allow.
     */
    @Test
    void predict_tokenAwarePairs_closedFormWithinTheBootstrapInterval() {
        WarsSamples samples = new WarsSamples();
        for (int i = 0; i < 100; i++) {
            double w = i % 2 == 0 ? 0 : 10;
            samples.add(new TracedPair(new double[] {w, w}, new double[] {1, 1}, new double[] {0, 0},
                    new double[] {0, 0}, 0, 0, 0, Double.NaN));
        }
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), samples, List.of(0.0, 10.0), 11, new double[0]);
        assertEquals(PbsPrediction.Model.TOKEN_AWARE, p.model());
        ProbabilityEstimate at0 = p.predicted().get(0.0);
        assertEquals(2.0 / 3, at0.p(), 5 * Math.sqrt(2.0 / 9 / PbsPrediction.TRIALS));
        assertTrue(at0.low() < 2.0 / 3 && 2.0 / 3 < at0.high(), at0.toString());
        // the pairs' share of W=0 has a standard error of 0.05, times 2/3 for P: about ±0.065 at 95 %
        assertTrue(at0.high() - at0.low() > 0.08 && at0.high() - at0.low() < 0.2, at0.toString());
        assertEquals(new ProbabilityEstimate(1.0, 1.0, 1.0), p.predicted().get(10.0));
    }

    @Test
    void text_measuredBesidePredictedWithIntervals() {
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), twoPointWrites(), List.of(0.0, 10.0), 7);
        String text = p.text(Map.of(0.0, new ProbabilityEstimate(0.9, 0.8, 0.95)));
        assertTrue(text.contains("[PBS], Replicas, N=3 R=1 W=1"), text);
        assertTrue(text.contains("[PBS], Seed, 7"), text);
        assertTrue(text.contains("[PBS], PConsistentAt(10ms), measured n/a, predicted 1.00000 (95% 1.00000-1.00000)"),
                text);
        assertTrue(text.contains("[PBS], PConsistentAt(0ms), measured 0.90000 (95% 0.80000-0.95000), predicted 0.6"),
                text);
    }

    /** What staleness.json keeps gives the same prediction again, through its JSON text. */
    @Test
    @SuppressWarnings("unchecked")
    void replay_ofTheJsonSection_theSamePrediction() throws Exception {
        WarsSamples samples = new WarsSamples();
        for (int i = 0; i < 30; i++) {
            samples.add(new TracedPair(new double[] {0.5 + i * 0.137, 2.0 / (i + 1)}, new double[] {0.3, 0.25},
                    new double[] {0.01 * i, 0.2}, new double[] {0.1, 0.2}, 0.12, 0, 0.05, 0.3 + i / 7.0));
        }
        double[] late = {0, 0, 0.01, 0.01, 0.01, 0.5, 2.25};
        PbsPrediction p = PbsPrediction.predict(new Quorums(3, 1, 1), samples, List.of(0.0, 1.0, 5.0), 42, late);
        Map<Double, ProbabilityEstimate> measured = Map.of(0.0, new ProbabilityEstimate(0.97, 0.96, 0.98));
        ObjectMapper json = new ObjectMapper();
        Map<String, Object> section = json.readValue(json.writeValueAsString(p.json(measured)), Map.class);

        PbsReplay replay = PbsReplay.of(section);
        assertTrue(replay.matchesRecorded(), replay.prediction().predicted() + " vs " + replay.recorded());
        assertEquals(p.predicted(), replay.prediction().predicted());
        assertEquals(measured, replay.measured());
        assertEquals(42, replay.prediction().seed());
    }

    @Test
    void neverStale_oneReplicaOrOverlappingQuorums_saysWhy() {
        assertTrue(PbsPrediction.neverStale(new Quorums(1, 1, 1)).startsWith("the data has one replica (N=1)"));
        assertTrue(PbsPrediction.neverStale(new Quorums(3, 2, 2)).contains("(R + W > N)"));
        assertNull(PbsPrediction.neverStale(new Quorums(3, 1, 2)));
    }
}
