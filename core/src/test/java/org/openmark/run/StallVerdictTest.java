package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.openmark.measure.Outage;
import org.openmark.testing.LatencyStore;
import org.openmark.testing.SimpleWorkload;
import org.openmark.testing.TestConfigs;
import org.openmark.timing.StopSignal;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/**
 * The store's stall verdict in time (virtual time: exact): a store that freezes is judged on how
 * long it answered nothing while operations waited, the same at every granularity and in both
 * load models.
 */
class StallVerdictTest {
    private static final long MS = 1_000_000L;
    private static final long SERVICE = MS / 2;

    /** A store that answers in 0.5 ms, except that a call in it at any time from {@code from} to {@code to} ends at {@code to}. */
    private static final class Freezing implements LongUnaryOperator {
        private final long from;
        private final long to;
        /** Every call's start and end, for the truth. */
        final List<long[]> calls = new ArrayList<>();

        Freezing(long from, long to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public synchronized long applyAsLong(long start) {
            long end = start + SERVICE;
            if (start < to && end > from) {
                end = Math.max(end, to);
            }
            calls.add(new long[] {start, end});
            return end;
        }

        /** Where the stall begins: the later of the last answer before the freeze and the first call caught in it. */
        synchronized long stallFrom() {
            long lastAnswer = 0;
            long firstCaught = Long.MAX_VALUE;
            for (long[] c : calls) {
                if (c[1] <= from) {
                    lastAnswer = Math.max(lastAnswer, c[1]);
                } else if (c[0] < to) {
                    firstCaught = Math.min(firstCaught, c[0]);
                }
            }
            return Math.max(lastAnswer, firstCaught);
        }
    }

    private static RunResult run(VirtualClock clock, Freezing store, String... pairs) throws InterruptedException {
        return run(clock, new LatencyStore(clock, store), pairs);
    }

    private static RunResult run(VirtualClock clock, LatencyStore store, String... pairs) throws InterruptedException {
        RunConfig cfg = TestConfigs.run(pairs);
        return new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null).run(cfg, Runner.modelOf(cfg),
                new SimpleWorkload(100, 0), store, cfg.operationCount(), cfg.duration(), List.of());
    }

    private static List<Outage> stalls(RunResult r) {
        return r.outages().stream().filter(o -> o.kind() == Outage.Kind.STALL).toList();
    }

    /**
     * The open model at 1,000 ops/s, constant arrivals, a store frozen from 4 s to 6 s: one stall,
     * from the first arrival caught in the freeze (4.000 s) to the answers at 6 s, and one verdict
     * (not valid: 2 s of 12 s is more than 10 %) at 100 ms, 1 s and 5 s granularity. With intervals
     * the 5 s granularity saw no empty interval and judged the run valid.
     */
    @Test
    void openModel_storeFrozenTwoSeconds_oneStallAndOneVerdictAtEveryGranularity() throws Exception {
        List<String> verdicts = new ArrayList<>();
        for (String granularity : new String[] {"100ms", "1s", "5s"}) {
            VirtualClock clock = new VirtualClock();
            long t0 = clock.nanoTime();
            Freezing store = new Freezing(t0 + 4000 * MS, t0 + 6000 * MS);
            RunResult r = run(clock, store, "model", "open", "rate", "1000", "arrival", "constant", "duration", "12s",
                    "timeseries.granularity", granularity);
            List<Outage> stalls = stalls(r);
            assertEquals(1, stalls.size(), granularity + ": " + r.outages());
            assertEquals((store.stallFrom() - t0) / 1e9, stalls.get(0).fromSeconds(), granularity);
            assertEquals(4.0, stalls.get(0).fromSeconds(), 1e-3, granularity);
            assertEquals(6.0, stalls.get(0).toSeconds(), granularity);
            assertFalse(r.valid(), granularity + ": " + r.warnings());
            assertTrue(String.join(" ", r.warnings()).contains("the store stalled for 2.0 s of the 12.0 s measured"),
                    granularity + ": " + r.warnings());
            verdicts.add(r.valid() + " " + r.warnings() + " " + stalls);
        }
        assertEquals(1, verdicts.stream().distinct().count(), verdicts::toString);
    }

    /**
     * The closed model (4 clients paced to 500 ops/s in all) on a store that freezes for 3 s, with
     * a client that gives up on a call after 2 s (as Redis's does): every client blocks in it, its
     * call times out at 6 s, the next one waits until 7 s. Nothing was answered for 3 s, so the run
     * is not valid (3 s of 15 s is more than 10 %), however few operations the freeze caught (4
     * timeouts of 7,500 are within the error budget). With intervals only the one without any
     * completion counted (5–6 s: 1 s), and the run was valid.
     */
    @Test
    void closedModel_storeFrozenThreeSeconds_invalidWithAThreeSecondStall() throws Exception {
        VirtualClock clock = new VirtualClock();
        long t0 = clock.nanoTime();
        Freezing freezing = new Freezing(t0 + 4000 * MS, t0 + 7000 * MS);
        RunResult r = run(clock, new LatencyStore(clock, freezing, 2000 * MS), "model", "closed", "threadcount", "4",
                "target", "500", "duration", "15s");
        assertEquals(4, r.accounting().statuses().get(org.openmark.api.Status.TIMEOUT), r.accounting()::toString);
        List<Outage> stalls = stalls(r);
        assertEquals(1, stalls.size(), r.outages()::toString);
        assertEquals((freezing.stallFrom() - t0) / 1e9, stalls.get(0).fromSeconds());
        assertEquals(4.0, stalls.get(0).fromSeconds(), 0.01);
        assertEquals(7.0, stalls.get(0).toSeconds());
        assertFalse(r.valid(), r.warnings()::toString);
        assertTrue(String.join(" ", r.warnings()).contains("the store stalled for 3.0 s of the 15.0 s measured"),
                r.warnings()::toString);
    }

    /** A stall shorter than --stall-after is none; with a shorter --stall-after it is one. */
    @Test
    void stallAfter_decidesWhatIsAStall() throws Exception {
        VirtualClock clock = new VirtualClock();
        long t0 = clock.nanoTime();
        RunResult r = run(clock, new Freezing(t0 + 2000 * MS, t0 + 2800 * MS), "model", "open", "rate", "1000",
                "arrival", "constant", "duration", "5s");
        assertEquals(List.of(), stalls(r));
        assertTrue(r.valid(), r.warnings()::toString);

        VirtualClock clock2 = new VirtualClock();
        long t1 = clock2.nanoTime();
        RunResult shorter = run(clock2, new Freezing(t1 + 2000 * MS, t1 + 2800 * MS), "model", "open", "rate", "1000",
                "arrival", "constant", "duration", "5s", "stallafter", "500ms");
        assertEquals(1, stalls(shorter).size(), shorter.outages()::toString);
        assertEquals(0.8, stalls(shorter).get(0).toSeconds() - stalls(shorter).get(0).fromSeconds(), 1e-3);
        assertFalse(shorter.valid(), "0.8 s of 5 s is more than 10%: " + shorter.warnings());
    }
}
