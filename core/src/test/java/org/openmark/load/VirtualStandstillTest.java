package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.SlowToMake;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;
import org.openmark.workload.Workload;

/**
 * The unpaced closed model in virtual time, on a store that answers in no virtual time: a run
 * bounded by its duration would hold the clock still forever. It is given up after a million
 * operations in a row at one instant, at the same operation on every machine; a store that takes
 * time now and then is run to its end; a run bounded by its operation count ends and says it has
 * no throughput. (Without the watch the first test would never end: the time limit fails it.)
 */
@Timeout(120)
class VirtualStandstillTest {
    private static final long MS = 1_000_000L;

    private static RunResult run(boolean ahead, LongUnaryOperator completionAt, String... settings)
            throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        LatencyStore store = new LatencyStore(clock, completionAt);
        RunConfig cfg = TestConfigs.run(settings);
        Workload workload = new SlowToMake(new SimpleWorkload(100, 0.5), clock, 0, ahead);
        return new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null).run(cfg,
                Runner.modelOf(cfg), workload, store, cfg.operationCount(), cfg.duration(), List.of());
    }

    private static boolean warns(RunResult r, String start) {
        return r.warnings().stream().anyMatch(w -> w.startsWith(start));
    }

    @ParameterizedTest(name = "made ahead in chains: {0}")
    @ValueSource(booleans = {true, false})
    void aStoreThatAnswersAtOnce_theRunIsGivenUpAfterAMillionOperationsAtOneInstant(boolean ahead) throws Exception {
        RunResult r = run(ahead, start -> start, "model", "closed", "threadcount", "2", "duration", "1s");
        assertFalse(r.valid(), r.warnings()::toString);
        assertTrue(warns(r, "virtual time stood still: a client made 1,000,000 operations in a row"),
                r.warnings()::toString);
        // the first client holds the clock's turn until it gives up; the second then issues nothing
        assertEquals(StandstillWatch.LIMIT, r.accounting().issued(), r.accounting()::toString);
        assertEquals(StandstillWatch.LIMIT, r.accounting().completed(), r.accounting()::toString);
        assertEquals(0, r.runtimeMs());
        assertEquals(0.0, r.throughput());
        assertFalse(warns(r, "no time passed"), "said once: " + r.warnings());
    }

    @Test
    void aStoreThatTakesTimeNowAndThen_runsToTheEndOfItsDuration() throws Exception {
        // every 700,000th call takes 1 ms: each client makes 700,000 calls at one instant, twice
        AtomicLong calls = new AtomicLong();
        RunResult r = run(true, start -> calls.incrementAndGet() % 700_000 == 0 ? start + MS : start,
                "model", "closed", "threadcount", "2", "duration", "2ms");
        assertFalse(warns(r, "virtual time stood still"), r.warnings()::toString);
        assertEquals(4 * 700_000, r.accounting().issued(), r.accounting()::toString);
        assertEquals(2, r.runtimeMs());
    }

    @Test
    void aRunBoundByItsOperationCount_endsWithNoThroughput_andSaysWhy() throws Exception {
        RunResult r = run(true, start -> start, "model", "closed", "threadcount", "2", "operationcount", "5000");
        assertEquals(5000, r.accounting().completed(), r.accounting()::toString);
        assertEquals(0.0, r.throughput());
        assertTrue(warns(r, "no time passed in the run: its 5,000 operations were all answered at the same instant"),
                r.warnings()::toString);
        assertTrue(r.valid(), r.warnings()::toString);
    }
}
