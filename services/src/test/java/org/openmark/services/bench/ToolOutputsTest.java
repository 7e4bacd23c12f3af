package org.openmark.services.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Each tool's output read into figures, from output in the form each tool prints. */
class ToolOutputsTest {
    /** 20 s from epoch second 1,795,000,010. */
    private static final Window WINDOW = new Window(0, 100, 0, 200, 1_795_000_010_000L, 1_795_000_030_000L, 0, 100);

    private static final String OPENMARK = """
            [OVERALL], RunTime(ms), 35013
            [OVERALL], Throughput(ops/sec), 4997.9
            [READ], Operations, 87000
            [READ], 99thPercentileLatency(us), 812
            [READ], Return=OK, 86990
            [READ], Return=NOT_FOUND, 10
            [UPDATE], 99thPercentileLatency(us), 1203
            [UPDATE], Return=OK, 87000
            [UPDATE], Return=SERVICE_UNAVAILABLE, 4
            [SCHEDULE], AchievedRate(ops/sec), 5001.5
            # [RUN], Store, redis
            # [RUN], Valid, true
            """;

    private static ToolKind.ToolOutput output(String out, String err, List<String> pgbench) {
        return new ToolKind.ToolOutput(out, err, pgbench, WINDOW, 10, 20);
    }

    @Test
    void openmark_achievedRateHighestP99AndTheFailedCountedWithoutNotFound() {
        ToolKind.Reading r = ToolKind.OPENMARK.read(output(OPENMARK, "", List.of()));
        assertEquals(5001.5, r.achievedPerSecond());
        assertEquals(OptionalDouble.of(1203), r.p99Micros());
        assertEquals(5001.5 * 20, r.operations(), 1e-9);
        assertEquals(", valid true, 4 failed", r.note());
        assertFalse(r.clean());
        ToolKind.Reading ok = ToolKind.OPENMARK.read(output(OPENMARK.replace("Return=SERVICE_UNAVAILABLE", "Return=OK"), "",
                List.of()));
        assertEquals(", valid true", ok.note());
        assertTrue(ok.clean());
        assertFalse(ToolKind.OPENMARK.read(output(OPENMARK.replace("Valid, true", "Valid, false")
                .replace("Return=SERVICE_UNAVAILABLE", "Return=OK"), "", List.of())).clean());
    }

    @Test
    void openmarkClosed_itsThroughput() {
        ToolKind.Reading r = ToolKind.OPENMARK_CLOSED.read(output(OPENMARK, "", List.of()));
        assertEquals(4997.9, r.achievedPerSecond());
        assertEquals(4997.9 * 20, r.operations(), 1e-9);
        assertEquals("", r.note());
    }

    @Test
    void ycsb_theWindowsOperationsFromItsStatusLinesAndItsIntendedP99() {
        String out = """
                [OVERALL], Throughput(ops/sec), 4200.0
                [READ], Return=OK, 50000
                [UPDATE], Return=ERROR, 2
                [CLEANUP], Return=ERROR, 7
                [Intended-READ], 99thPercentileLatency(us), 3071
                [Intended-UPDATE], 99thPercentileLatency(us), 2900
                """;
        String err = """
                2026-11-29 03:10:55:398 9 sec: 40000 operations; 5000 current ops/sec; [READ: Count=1]
                2026-11-29 03:10:56:398 10 sec: 45000 operations; 5000 current ops/sec; [READ: Count=1]
                2026-11-29 03:11:16:398 30 sec: 144000 operations; 4950 current ops/sec; [READ: Count=1]
                """;
        ToolKind.Reading r = ToolKind.YCSB.read(output(out, err, List.of()));
        assertEquals(99_000, r.operations());
        assertEquals(4950, r.achievedPerSecond());
        assertEquals(OptionalDouble.of(3071), r.p99Micros());
        assertEquals(", 2 failed", r.note());
        assertEquals(0, YcsbStatusLines.operationsBetween(err, 10, 31));
    }

    @Test
    void pgbench_theWindowsLoggedTransactionsTimesTenAndTheirP99OfLatencyPlusLag() {
        // client transaction latency_us script epoch_s epoch_us lag_us
        List<String> log = List.of(
                "0 1 900 0 1795000009 999000 100",   // before the window
                "0 2 800 0 1795000010 0 50",
                "1 3 1000 1 1795000020 500000 0",
                "1 4 20000 0 1795000030 0 500",
                "1 5 7 0 1795000030 1000 0");         // after it
        ToolKind.Reading r = ToolKind.PGBENCH.read(output("", "", log));
        assertEquals(3 * 10 / 20.0, r.achievedPerSecond());
        // responses 850, 1000, 20500: rank floor(0.99 * 3) = 2
        assertEquals(OptionalDouble.of(1000), r.p99Micros());
        assertEquals(OptionalDouble.empty(), PgbenchLog.window(List.of("garbage"), 0, 1).p99Micros());
    }

    @Test
    void pgbench_p99OfAHundredIsTheNinetyNinth() {
        List<String> log = new java.util.ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            log.add("0 " + i + " " + i + " 0 1795000011 0 0");
        }
        assertEquals(OptionalDouble.of(99), PgbenchLog.window(log, WINDOW.fromEpochMillis(), WINDOW.toEpochMillis())
                .p99Micros());
    }

    @Test
    void latte_theWindowsRowsAndTheirHighestP99() {
        String out = """
                LATTE 0.28
                 10.000     5000     0     5000    0.1  0.2  0.3  0.4  0.5  9.000  12.0  20.0
                 10.999     5000     0     5000    0.1  0.2  0.3  0.4  0.5  1.250  12.0  20.0
                 20.000     4990     3     4990    0.1  0.2  0.3  0.4  0.5  2.500  12.0  20.0
                 30.000     5000     0     5000    0.1  0.2  0.3  0.4  0.5  1.000  12.0  20.0
                 30.001     5000     0     5000    0.1  0.2  0.3  0.4  0.5  8.000  12.0  20.0
                """;
        ToolKind.Reading r = ToolKind.LATTE.read(output(out, "", List.of()));
        assertEquals(14_990, r.operations());
        assertEquals(14_990 / 20.0, r.achievedPerSecond());
        assertEquals(OptionalDouble.of(2500), r.p99Micros());
        assertEquals(" (p99: the highest one-second p99 of the window), 3 failed", r.note());
    }

    @Test
    void redisBenchmarkCsv_theLastRowsRateAndP99() {
        RedisBenchmarkCsv.Row row = RedisBenchmarkCsv.lastRow("""
                "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
                "HGETALL user__rand_int__","41666.67","0.375","0.112","0.351","0.559","0.807","3.215"
                """);
        assertEquals(41666.67, row.requestsPerSecond());
        assertEquals(807, row.p99Micros(), 1e-9);
    }
}
