package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * A run split into shares (one per cluster worker) does exactly the run's work: against a store
 * whose latency depends only on when a call starts, the shares' merged histograms equal the
 * whole run's, value for value. Each share runs on a virtual clock of its own, as a worker runs
 * on a machine of its own.
 */
class ShareTest {
    private static final long MS = 1_000_000L;
    /** 0.5 ms per call, but everything that starts in [1 s, 1.5 s) waits until 1.5 s. */
    private static final LongUnaryOperator STALL =
            start -> (start >= 1000 * MS && start < 1500 * MS ? 1500 * MS : start) + MS / 2;

    private static RunResult run(RunConfig cfg) throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        LatencyStore store = new LatencyStore(clock, STALL);
        return new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0), store, cfg.operationCount(), Duration.ZERO,
                        List.of());
    }

    private static RunResult whole(String... pairs) throws InterruptedException {
        return run(TestConfigs.run(pairs));
    }

    private static RunResult merged(int workers, String... pairs) throws InterruptedException {
        List<RunResult> parts = new ArrayList<>();
        RunConfig cfg = TestConfigs.run(pairs);
        for (int i = 1; i <= workers; i++) {
            String[] withShare = new String[pairs.length + 2];
            System.arraycopy(pairs, 0, withShare, 0, pairs.length);
            withShare[pairs.length] = "share";
            withShare[pairs.length + 1] = i + "/" + workers;
            parts.add(run(TestConfigs.run(withShare)));
        }
        return ResultMerge.merge(cfg, Runner.modelOf(cfg).spec(), parts.get(0).paced(), parts.get(0).openModel(),
                parts, List.of(), List.of(), List.of(), true, false);
    }

    private static void assertSame(Histogram expected, Histogram actual, String what) {
        assertEquals(expected.getTotalCount(), actual.getTotalCount(), what + " count");
        assertEquals(expected.getMean(), actual.getMean(), 1e-9, what + " mean");
        assertEquals(expected.getMaxValue(), actual.getMaxValue(), what + " max");
        for (double p : new double[] {1, 25, 50, 75, 90, 99, 99.9, 99.99}) {
            assertEquals(expected.getValueAtPercentile(p), actual.getValueAtPercentile(p), what + " p" + p);
        }
    }

    private static void assertSameRun(RunResult expected, RunResult actual) {
        OpResult e = expected.operations().get(0);
        OpResult a = actual.operations().get(0);
        assertSame(e.okResponse(), a.okResponse(), "response");
        assertSame(e.okService(), a.okService(), "service");
        assertEquals(expected.accounting().issued(), actual.accounting().issued());
        assertTrue(actual.accounting().addsUp(), actual.accounting()::toString);
    }

    @Test
    void closedModel_aSharesPacedRate_isItsPartOfTheTarget() {
        assertEquals(250.0, new ClosedModel(4, 1000, Duration.ZERO, false, new Share(1, 4)).pacedRate());
        assertEquals(1000.0, new ClosedModel(4, 1000, Duration.ZERO, false).pacedRate());
        assertEquals(0.0, new ClosedModel(4, 1000, Duration.ZERO, true).pacedRate(), "the load phase is unpaced");
    }

    @Test
    void openModelConstantArrivals_threeShares_mergedEqualsTheWholeRun() throws Exception {
        String[] cfg = {"model", "open", "rate", "1000", "arrival", "constant", "operationcount", "3000"};
        RunResult whole = whole(cfg);
        RunResult merged = merged(3, cfg);
        assertSameRun(whole, merged);
        assertEquals(3000, merged.accounting().issued());
        assertEquals(1000, merged.schedule().targetRate(), 1e-9);
        assertEquals(0, merged.schedule().sendLag().getMaxValue(), "every share kept its interleaved schedule");
        assertEquals(10_000, whole.schedule().maxInFlight());
        assertEquals(10_000, merged.schedule().maxInFlight(), "the shares' parts of --max-in-flight add up");
    }

    @Test
    void openModelOperationCountNotDivisible_sharesStillIssueItAll() throws Exception {
        String[] cfg = {"model", "open", "rate", "900", "arrival", "constant", "operationcount", "2000"};
        assertSameRun(whole(cfg), merged(3, cfg));
    }

    @Test
    void closedModelPaced_sixThreadsInThreeShares_mergedEqualsTheWholeRun() throws Exception {
        String[] cfg = {"model", "closed", "threadcount", "6", "target", "1200", "operationcount", "3001"};
        RunResult whole = whole(cfg);
        RunResult merged = merged(3, cfg);
        assertSameRun(whole, merged);
        assertEquals(3001, merged.accounting().issued());
    }

    @Test
    void closedModelUnevenThreads_sevenThreadsInThreeShares_mergedEqualsTheWholeRun() throws Exception {
        String[] cfg = {"model", "closed", "threadcount", "7", "target", "700", "operationcount", "2500"};
        assertSameRun(whole(cfg), merged(3, cfg));
    }

    @Test
    void share_partsAddUpToTheTotal() {
        for (int n = 1; n <= 7; n++) {
            for (long total : new long[] {0, 1, 6, 7, 1000, 1001}) {
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    Share s = new Share(i, n);
                    assertEquals(sum, s.first(total), "first of share " + i + " of " + n);
                    sum += s.part(total);
                }
                assertEquals(total, sum);
            }
        }
        assertEquals(Long.MAX_VALUE, new Share(1, 3).part(Long.MAX_VALUE));
    }

    @Test
    void parse_badShares_nameThePropertyAndTheRule() {
        for (String bad : new String[] {"0/3", "4/3", "a/b", "3", "1/0", "-1/2"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> Share.parse("share", bad));
            assertTrue(e.getMessage().contains("share=" + bad) && e.getMessage().contains("1 <= i <= n"),
                    e.getMessage());
        }
        assertEquals(new Share(1, 3), Share.parse("share", "2/3"));
    }

    @Test
    void closedModel_fewerThreadsThanWorkers_isRefused() {
        ConfigException e = assertThrows(ConfigException.class, () -> TestConfigs.run("model", "closed",
                "threadcount", "2", "operationcount", "10", "share", "3/3"));
        assertTrue(e.getMessage().contains("threadcount=2"), e.getMessage());
    }
}
