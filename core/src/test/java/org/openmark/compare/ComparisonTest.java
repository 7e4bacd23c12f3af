package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

/** What a comparison tests, shows, warns about, and when its gate trips or cannot judge. */
class ComparisonTest {
    private static final List<String> OPS = List.of("READ", "UPDATE");

    private static RunData run(String name, double meanUs, long seed) {
        return SyntheticRuns.run(name, 30, 1000, OPS, 0, 0, meanUs, new SplittableRandom(seed));
    }

    private static RunData with(RunData r, Map<String, String> facts, boolean valid, RunData.Load load) {
        Map<String, String> all = new TreeMap<>(r.facts());
        all.putAll(facts);
        return new RunData(r.name(), all, valid, r.runtimeSeconds(), r.response(), r.service(), r.intervals(), load);
    }

    private static MetricChange metric(Comparison c, String op, String metric) {
        return c.operations().stream().filter(o -> o.operation().equals(op)).findFirst().orElseThrow().metrics()
                .stream().filter(m -> m.metric().equals(metric)).findFirst().orElseThrow();
    }

    @Test
    void gate_tripsOnlyWhenTheWholeIntervalIsAboveTheThreshold() {
        Comparison c = Comparison.of(run("a", 1000, 1), run("b", 1100, 2));
        MetricChange mean = metric(c, "READ", "response mean (us)");
        assertEquals("slower", mean.verdict());
        assertTrue(mean.ciLow() > 0.05 && mean.ciLow() < mean.relative(), mean.toString());
        assertTrue(c.slowerThan(0.05).stream().anyMatch(s -> s.startsWith("READ response mean")));
        // Between the interval's lower end and the estimate: "significantly slower by more than" does not hold.
        double between = (mean.ciLow() + mean.relative()) / 2;
        assertFalse(c.slowerThan(between).stream().anyMatch(s -> s.startsWith("READ response mean")), c
                .slowerThan(between).toString());
        for (OperationComparison op : c.operations()) {
            for (MetricChange m : op.metrics()) {
                boolean listed = c.slowerThan(0.05).stream().anyMatch(s -> s.startsWith(op.operation() + " "
                        + m.metric() + " "));
                assertEquals(Comparison.gated(m) && m.worse() && m.ciLow() > 0.05, listed, m.toString());
            }
        }
    }

    @Test
    void max_shownNotTested() {
        Comparison c = Comparison.of(run("a", 1000, 1), run("b", 1000, 2));
        MetricChange max = metric(c, "READ", "response max (us)");
        assertFalse(max.isTested());
        assertFalse(max.significant());
        assertEquals(MetricChange.NOT_TESTED, max.verdict());
        assertTrue(Double.isNaN(max.pValue()) && Double.isNaN(max.ciLow()));
        assertTrue(max.baseline() > 0 && max.candidate() > 0);
    }

    @Test
    void openModelThroughput_shownWithTheSchedulesVerdict() {
        RunData a = run("a", 1000, 1);
        RunData b = run("b", 1000, 2);
        Comparison kept = Comparison.of(a, b);
        MetricChange t = metric(kept, "READ", "throughput (ops/s)");
        assertFalse(t.isTested());
        assertEquals(Comparison.AS_SCHEDULED, t.verdict());
        RunData shortOfIt = with(b, Map.of(), true, new RunData.Load(true, 1000, 900));
        Comparison fell = Comparison.of(a, shortOfIt);
        assertEquals(Comparison.SHORT_OF_SCHEDULE, metric(fell, "READ", "throughput (ops/s)").verdict());
        assertTrue(fell.warnings().stream().anyMatch(w -> w.text().equals("b fell short of its schedule: 900 of 1000"
                + " ops/s issued")), fell.warnings().toString());
    }

    @Test
    void closedModelThroughput_tested() {
        RunData.Load closed = new RunData.Load(false, 0, 0);
        Comparison c = Comparison.of(with(run("a", 1000, 1), Map.of(), true, closed),
                with(run("b", 1000, 2), Map.of(), true, closed));
        MetricChange t = metric(c, "READ", "throughput (ops/s)");
        assertTrue(t.isTested());
        assertEquals(1000, t.baseline(), 1e-9, "1000 operations in each one-second interval");
    }

    @Test
    void operationInOneRunOnly_warnedAndTheGateCannotJudge() {
        RunData a = run("a", 1000, 1);
        RunData readsOnly = SyntheticRuns.run("b", 30, 1000, List.of("READ"), 0, 0, 1000, new SplittableRandom(2));
        Comparison c = Comparison.of(a, readsOnly);
        assertEquals(List.of("READ"), c.operations().stream().map(OperationComparison::operation).toList());
        // No allowance lifts it: the CLI's hint must not offer one.
        assertEquals(List.of(new Comparability.Warning(Comparability.Kind.MISSING_OPERATION, "operations with OK"
                + " results in only one of the sides (or not in each of a side's runs) are not compared: [UPDATE]")), c.gateBlockers(true, true));
    }

    @Test
    void noOperationInCommon_badInput() {
        RunData reads = SyntheticRuns.run("a", 10, 100, List.of("READ"), 0, 0, 1000, new SplittableRandom(1));
        RunData updates = SyntheticRuns.run("b", 10, 100, List.of("UPDATE"), 0, 0, 1000, new SplittableRandom(2));
        ConfigException e = assertThrows(ConfigException.class, () -> Comparison.of(reads, updates));
        assertTrue(e.getMessage().contains("have no operation that ended OK in both (a: READ; b: UPDATE)"),
                e.getMessage());
    }

    @Test
    void fewIntervals_shownNotTestedAndTheGateCannotJudge() {
        RunData a = SyntheticRuns.run("a", 4, 1000, OPS, 0, 0, 1000, new SplittableRandom(1));
        RunData b = SyntheticRuns.run("b", 4, 1000, OPS, 0, 0, 2000, new SplittableRandom(2));
        Comparison c = Comparison.of(a, b);
        assertTrue(c.operations().stream().flatMap(o -> o.metrics().stream()).noneMatch(MetricChange::isTested));
        assertEquals("Summary: no figure could be tested (see the warnings)", CompareText.summary(c));
        assertTrue(c.warnings().stream().anyMatch(w -> w.kind() == Comparability.Kind.UNTESTED
                && w.text().startsWith("READ has operations in only 4 intervals of a run: fewer than 6")));
        assertTrue(c.gateBlockers(false, false).contains(new Comparability.Warning(Comparability.Kind.UNTESTED,
                "no response-time mean, p50 or p99 could be tested (not enough data)")),
                c.gateBlockers(false, false)::toString);
    }

    @Test
    void fewOperationsAboveAPercentile_thatPercentileShownNotTested() {
        // 30 intervals of 100: 3000 operations, 3 above p99.9 (fewer than 5), 30 above p99.
        RunData a = SyntheticRuns.run("a", 30, 100, OPS, 0, 0, 1000, new SplittableRandom(1));
        RunData b = SyntheticRuns.run("b", 30, 100, OPS, 0, 0, 1000, new SplittableRandom(2));
        Comparison c = Comparison.of(a, b);
        assertFalse(metric(c, "READ", "response p99.9 (us)").isTested());
        assertTrue(metric(c, "READ", "response p99 (us)").isTested());
        assertTrue(c.warnings().stream().anyMatch(w -> w.text().startsWith("READ: not enough data to judge the response"
                + " p99.9: its operations above it came from")), c.warnings().toString());
        assertEquals(MetricChange.NOT_ENOUGH_DATA, metric(c, "READ", "response p99.9 (us)").verdict());
        assertTrue(c.gateBlockers(false, false).isEmpty(), "the gate judges the figures it could test");
    }

    @Test
    void emptyIntervals_haveNoMeanButCountForThroughput() {
        RunData a = run("a", 1000, 1);
        Map<String, List<Histogram>> response = new TreeMap<>(a.response());
        List<Histogram> reads = new java.util.ArrayList<>(response.get("READ"));
        reads.set(5, org.openmark.measure.Measurements.newHistogram());
        response.put("READ", reads);
        RunData gap = new RunData("b", a.facts(), true, 30, response, response, a.intervals(),
                new RunData.Load(false, 0, 0));
        Comparison c = Comparison.of(with(a, Map.of(), true, new RunData.Load(false, 0, 0)), gap);
        assertEquals(1000 * 29 / 30.0, metric(c, "READ", "throughput (ops/s)").candidate(), 1e-9);
        assertEquals(metric(c, "READ", "response mean (us)").baseline(),
                metric(c, "READ", "response mean (us)").candidate(), 50, "the empty interval is not a mean of 0");
    }
}
