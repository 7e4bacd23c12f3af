package org.openmark.txn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.run.RunResult;
import org.openmark.testing.SimpleWorkload;
import org.openmark.timing.VirtualClock;
import org.openmark.workload.Workload;

class TxnOverheadTest {
    private static final String S = "[TXN-OVERHEAD], ";

    @SuppressWarnings("unchecked")
    private static Map<String, Object> at(Map<String, Object> m, String... path) {
        Map<String, Object> x = m;
        for (String p : path) {
            x = (Map<String, Object>) x.get(p);
        }
        return x;
    }

    @Test
    void compare_handMadeSummaries_linesPairSameNamesAndUnitsWithTheirPlainOperation() {
        RunSummary with = new RunSummary(800, Map.of("READ", new LatencySummary(110, 100, 300),
                "TX-READ", new LatencySummary(400, 390, 900), "START", new LatencySummary(50, 50, 60),
                "COMMIT", new LatencySummary(200, 190, 400),
                "TX-READ-MODIFY-WRITE", new LatencySummary(1000, 950, 2000)));
        RunSummary without = new RunSummary(1000, Map.of("READ", new LatencySummary(100, 90, 250),
                "READ-MODIFY-WRITE", new LatencySummary(500, 480, 1000)));

        TxnOverhead o = TxnOverhead.compare(with, without);
        List<String> lines = o.textLines();

        assertEquals(List.of(S + "Throughput(ops/sec).withTxn, 800.00", S + "Throughput(ops/sec).withoutTxn, 1000.00",
                S + "Throughput(ops/sec).change, -200.00", S + "Throughput(ops/sec).change(%), -20.00"),
                lines.subList(0, 4));
        assertTrue(lines.containsAll(List.of(S + "READ.MeanLatency(us).withTxn, 110.00",
                S + "READ.MeanLatency(us).withoutTxn, 100.00", S + "READ.MeanLatency(us).overhead, 10.00",
                S + "READ.MeanLatency(us).overhead(%), 10.00", S + "READ.99thPercentileLatency(us).overhead, 50.00",
                S + "TX-READ.MeanLatency(us).withTxn, 400.00", S + "TX-READ.MeanLatency(us).withoutTxn, 100.00",
                S + "TX-READ.MeanLatency(us).overhead(%), 300.00",
                S + "TX-READ-MODIFY-WRITE.50thPercentileLatency(us).withoutTxn, 480.00",
                S + "TX-READ-MODIFY-WRITE.50thPercentileLatency(us).overhead, 470.00",
                S + "COMMIT.MeanLatency(us).withTxn, 200.00")), lines::toString);
        assertFalse(lines.stream().anyMatch(l -> l.startsWith(S + "READ-MODIFY-WRITE.")), "paired with its TX- unit");
        assertFalse(lines.stream().anyMatch(l -> l.startsWith(S + "COMMIT.") && l.contains("withoutTxn")));
        // 4 throughput lines, 4 per figure for the three pairs, 1 per figure for START and COMMIT.
        assertEquals(4 + 3 * 3 * 4 + 2 * 3, lines.size());

        assertEquals(-20.0, at(o.values(), "throughputPerSec").get("changePercent"));
        assertEquals(500.0, at(o.values(), "operations", "TX-READ-MODIFY-WRITE", "meanUs").get("overhead"));
        assertEquals(Map.of("withTxn", 50.0), at(o.values(), "operations", "START", "p50Us"));
    }

    @Test
    void compare_withoutIsZero_noPercentLine() {
        TxnOverhead o = TxnOverhead.compare(new RunSummary(10, Map.of()), new RunSummary(0, Map.of()));
        assertEquals(3, o.textLines().size());
        assertFalse(at(o.values(), "throughputPerSec").containsKey("changePercent"));
    }

    @Test
    void compare_realRunsInVirtualTime_unitOverheadIsStartPlusCommit() throws Exception {
        Map<String, Long> latency = Map.of("READ", 100_000L, "INSERT", 10_000L, "START", 50_000L, "COMMIT", 300_000L);
        RunSummary with = run(new TxnConfig(true, false, RetryPolicy.NONE), latency).summary();
        RunSummary without = run(TxnConfig.DISABLED, latency).summary();

        TxnOverhead o = TxnOverhead.compare(with, without);

        Map<String, Object> unit = at(o.values(), "operations", "TX-READ", "meanUs");
        assertEquals(450.0, unit.get("withTxn"));
        assertEquals(100.0, unit.get("withoutTxn"));
        assertEquals(350.0, unit.get("overhead"));
        assertEquals(0.0, at(o.values(), "operations", "READ", "p99Us").get("overhead"));
        assertEquals(Map.of("withTxn", 300.0), at(o.values(), "operations", "COMMIT", "p50Us"));
        assertTrue(o.textLines().contains(S + "TX-READ.MeanLatency(us).overhead, 350.00"), o.textLines()::toString);
    }

    private static RunResult run(TxnConfig txn, Map<String, Long> latency) throws Exception {
        VirtualClock clock = new VirtualClock();
        Workload w = Transactions.wrap(new SimpleWorkload(10, 0), txn, clock);
        TxnTestStore store = new TxnTestStore(TxnTestStore.Isolation.NONE).withLatency(clock, latency);
        return EconomyFixture.loadAndRun(w, store, clock, 1, 200);
    }
}
