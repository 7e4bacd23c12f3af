package org.openmark.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.WarsTracing;
import org.openmark.api.WarsTracing.Quorums;

/**
 * Every R and W from one run's traced pairs (issue 49), against closed forms. One pair, repeated:
 * the write's coordinator a applies at 0, b at 2 ms, c at 4 ms, each acknowledging at once; the
 * read's coordinator is a, reading its own copy in 0.25 ms, b's and c's reads reach them in 0.5 ms
 * and their answers come back 1 and 3 ms later; the client adds 1 ms. So a write at W takes 1, 3
 * or 5 ms; a read's answers come at 0.25, 1.5 and 3.5 ms. A read t ms after a W=1 commit starts
 * 1 + t ms after it (the client) and sees the write on a, on b only from t = 0.5 ms (2 - 0.5 - 1),
 * on c from t = 2.5 ms.
 */
class PbsConfigurationsTest {
    private static final List<Double> OFFSETS = List.of(0.0, 3.0);
    /** Made once: each prediction runs millions of trials. */
    private static final PbsPrediction MEASURED = measuredAt(1, 1);
    private static final PbsConfigurations ALL = PbsConfigurations.predict(MEASURED);

    private static PbsPrediction measuredAt(int r, int w) {
        WarsSamples samples = new WarsSamples();
        for (int i = 0; i < 10; i++) {
            samples.add(new TracedPair(new double[] {2, 4}, new double[] {0, 0}, new double[] {0.5, 0.5},
                    new double[] {1, 3}, 0, 0, 0.25, 1, new WarsTracing.Nodes("a", List.of("b", "c"), "a",
                            List.of("b", "c"))));
        }
        return PbsPrediction.predict(new Quorums(3, r, w), samples, OFFSETS, 3, new double[0]);
    }

    @Test
    void predict_everyRAndW_latenciesAreTheClosedForms() {
        PbsConfigurations all = ALL;
        assertEquals(9, all.rows().size());
        for (PbsConfigurations.Row row : all.rows()) {
            double write = new double[] {1, 3, 5}[row.w() - 1];
            assertEquals(new PbsConfigurations.Latency(write, write, write), row.write().get("p50"), row.toString());
            assertEquals(new PbsConfigurations.Latency(write, write, write), row.write().get("p99"), row.toString());
            // the slowest of R answers, plus the client's 1 ms: R=3 always c's; R=1 a third each
            assertEquals(4.5, row.read().get("p99").ms(), row.toString());
        }
        assertEquals(2.5, all.rows().get(0).read().get("p50").ms(), "R=1: 1.25, 2.5 or 4.5 ms, a third each");
        assertEquals(4.5, all.rows().get(8).read().get("p50").ms(), "R=3: c's answer");
    }

    /**
     * The client's share from the measured latencies: the run (R=1 W=1) measured writes at 5 ms
     * p50, its traced coordinators acknowledge at 0 (a's own copy): the client adds 5; reads at
     * 2 ms p50 against the coordinators' 1.5 (a third each 0.25, 1.5, 3.5): 0.5. W=2 then waits 2 + 5,
     * R=3 3.5 + 0.5; the measured configuration's p50s are the measured ones.
     */
    @Test
    void predict_measuredLatencies_clientShareTakenFromThem() {
        PbsConfigurations all = PbsConfigurations.predict(MEASURED, 5, 2);
        assertEquals(new PbsConfigurations.ClientShare(5, 2, 5, 0.5), all.clientShare());
        assertEquals(5.0, row(all, 1, 1).write().get("p50").ms());
        assertEquals(2.0, row(all, 1, 1).read().get("p50").ms());
        assertEquals(7.0, row(all, 1, 2).write().get("p50").ms());
        assertEquals(4.0, row(all, 3, 1).read().get("p50").ms());
        assertEquals(row(all, 1, 2).json(), PbsConfigurations.row(MEASURED, 1, 2, 5, 2).json(), "made alone, the same");
        assertTrue(all.text().contains("[PBS-ALL], ClientShare(ms), write 5.000, read 0.500"), all.text());
    }

    @Test
    void predict_consistency_closedFormsPerConfiguration_overlapIsOne() {
        PbsConfigurations all = ALL;
        double stdErr = Math.sqrt(2.0 / 9 / PbsPrediction.TRIALS);
        // R=1: only a read of a (a third) sees it at t=0; from 2.5 ms c has it too
        assertEquals(1.0 / 3, row(all, 1, 1).pConsistentAt().get(0.0).p(), 5 * stdErr);
        assertEquals(1.0, row(all, 1, 1).pConsistentAt().get(3.0).p());
        // R=2: the pair holds a two times in three
        assertEquals(2.0 / 3, row(all, 2, 1).pConsistentAt().get(0.0).p(), 5 * stdErr);
        // W=2: committed at 2 ms, b has it then; a read at t=0 misses only on c alone (R=1): 2/3
        assertEquals(2.0 / 3, row(all, 1, 2).pConsistentAt().get(0.0).p(), 5 * stdErr);
        assertEquals(new ProbabilityEstimate(1, 1, 1), row(all, 2, 2).pConsistentAt().get(0.0), "R + W > N");
        // within two versions: 1 - (1 - 1/3)^2
        ProbabilityEstimate p = row(all, 1, 1).pConsistentAt().get(0.0);
        assertEquals(1 - Math.pow(1 - p.p(), 2), row(all, 1, 1).withinVersions(2, 0.0).p(), 1e-12);
    }

    @Test
    void row_madeAlone_isTheTablesRow_andTheMeasuredRowIsTheRunsPrediction() {
        PbsPrediction measured = MEASURED;
        PbsConfigurations all = ALL;
        assertEquals(row(all, 2, 1).json(), PbsConfigurations.row(measured, 2, 1).json());
        assertEquals(measured.predicted(), all.measuredRow().pConsistentAt());
        // another measured configuration, the same traced pairs and seed: the same rows
        assertEquals(row(all, 2, 1).json(), PbsConfigurations.row(measuredAt(1, 2), 2, 1).json());
        String text = all.text();
        assertTrue(text.contains("[PBS-ALL], Measured, R=1 W=1\n"), text);
        assertTrue(text.contains("[PBS-ALL], R=1 W=2, WriteP50(ms), 3.000 (95% 3.000-3.000)\n"), text);
        assertTrue(text.contains("[PBS-ALL], R=3 W=3, PConsistentAt(0ms), 1.00000 (95% 1.00000-1.00000)\n"), text);
    }

    @Test
    void row_rOrWOutsideOneToN_refused() {
        PbsPrediction measured = MEASURED;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PbsConfigurations.row(measured, 4, 1));
        assertTrue(e.getMessage().contains("1..3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PbsConfigurations.row(measured, 1, 0));
    }

    @Test
    void predict_pairsWithoutTheirNodes_noLatencies_saidInTheText() {
        WarsSamples samples = new WarsSamples();
        samples.add(new WarsTracing.WarsSample(new double[] {0, 10}, new double[] {0, 0}, new double[] {0, 0},
                new double[] {0, 0}, null));
        PbsConfigurations all = PbsConfigurations.predict(PbsPrediction.predict(new Quorums(3, 1, 1), samples,
                List.of(0.0), 7));
        assertEquals(Map.of(), all.rows().get(0).write());
        assertTrue(all.text().contains("[PBS-ALL], Latencies, n/a"), all.text());
    }

    /**
     * A trace read back incomplete shows two of the three replicas (seen on Cassandra: before, the
     * whole staleness command failed on it, after its measurement). Such a pair tells nothing of
     * W=3 or R=3, and is left out there: W=3 waits for c at 4 ms as in the complete pairs.
     */
    @Test
    void predict_aPairShowingFewerReplicas_leftOutOfTheLargerQuorums() {
        WarsSamples samples = new WarsSamples();
        for (int i = 0; i < 10; i++) {
            samples.add(new TracedPair(new double[] {2, 4}, new double[] {0, 0}, new double[] {0.5, 0.5},
                    new double[] {1, 3}, 0, 0, 0.25, 1, new WarsTracing.Nodes("a", List.of("b", "c"), "a",
                            List.of("b", "c"))));
        }
        samples.add(new TracedPair(new double[] {2}, new double[] {0}, new double[] {0.5}, new double[] {1}, 0, 0, 0.25,
                1, new WarsTracing.Nodes("a", List.of("b"), "a", List.of("b"))));
        PbsConfigurations all = PbsConfigurations.predict(PbsPrediction.predict(new Quorums(3, 1, 1), samples,
                OFFSETS, 3, new double[0]));
        assertEquals(5.0, row(all, 1, 3).write().get("p50").ms(), "the complete pairs' third acknowledgement");
        assertEquals(4.5, row(all, 3, 1).read().get("p50").ms(), "the complete pairs' slowest answer");
        assertEquals(1.0, row(all, 1, 3).pConsistentAt().get(0.0).p());
    }

    private static PbsConfigurations.Row row(PbsConfigurations all, int r, int w) {
        return all.rows().stream().filter(x -> x.r() == r && x.w() == w).findFirst().orElseThrow();
    }
}
