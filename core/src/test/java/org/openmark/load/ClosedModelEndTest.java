package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Clock;
import org.openmark.run.PhaseRunner;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;

/**
 * The closed model ends on time: a store that hangs cannot hold a run with a duration past its end
 * plus the grace period; the operations still in the store are counted unfinished. Real time
 * (a hang is real waiting): the store answers in 1 ms (or at once) until 300 ms into the run, then
 * takes 30 s. Every operation that completed before the hang is done, only the hung ones unfinished.
 * Answering at once, the clients run call chains of many calls ({@link CallChain}), and the calls
 * of a chain that ended before its hung one must count too.
 */
class ClosedModelEndTest {
    private static final long MS = 1_000_000L;

    @ParameterizedTest(name = "answers in {0} µs")
    @ValueSource(longs = {1000, 0})
    void storeHangs_runEndsAtDurationPlusGraceAndCountsTheHungOperationsUnfinished(long answerMicros)
            throws Exception {
        Clock clock = Clock.system();
        long t0 = clock.nanoTime();
        LatencyStore store = new LatencyStore(clock,
                start -> start + (start - t0 < 300 * MS ? answerMicros * 1000 : 30_000 * MS));
        // A stall from 0.3 s to the end (1.5 s with the grace): 1.2 s, well past stallafter even when a busy
        // machine starts the run late (with the default of 1 s it was missed once under load)
        RunConfig cfg = TestConfigs.run("model", "closed", "threadcount", "2", "duration", "1s", "grace", "500ms",
                "stallafter", "500ms");
        long begin = System.nanoTime();
        RunResult r = new PhaseRunner(clock, Tasks.real(), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(10, 0), store, 0, cfg.duration(), List.of());
        double seconds = (System.nanoTime() - begin) / 1e9;
        assertTrue(seconds < 5, "ended after " + seconds + " s, not when the store answered (30 s)");
        assertEquals(2, r.accounting().unfinished(), r.accounting()::toString);
        assertEquals(r.accounting().issued() - 2, r.accounting().statuses().getOrDefault(org.openmark.api.Status.OK, 0L),
                r.accounting()::toString);
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
        assertEquals(2, r.unfinishedLatency().getTotalCount());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("still waiting for the store")), r.warnings()::toString);
        assertTrue(r.outages().stream().anyMatch(o -> o.kind() == org.openmark.measure.Outage.Kind.STALL),
                () -> "the hang is an outage: " + r.outages());
    }
}
