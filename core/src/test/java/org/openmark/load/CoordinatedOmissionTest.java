package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.run.OpResult;
import org.openmark.run.PhaseRunner;
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
 * A store that serves every request in 0.5 ms but stalls completely from 1 s to 2 s, driven at
 * a constant 1000 ops/s for 3 s, in virtual time. The open model must charge the stall to every
 * request that arrived during it (exact queueing arithmetic); the closed model shows the
 * omission in its raw latencies and YCSB's intended correction in its response times.
 */
class CoordinatedOmissionTest {
    private static final long MS = 1_000_000L;
    private static final int OPS = 3000;
    /** Completion time of a request that starts at {@code start}. */
    private static final LongUnaryOperator STALL_STORE =
            start -> (start >= 1000 * MS && start < 2000 * MS ? 2000 * MS : start) + MS / 2;

    private static RunResult run(RunConfig cfg) throws InterruptedException {
        return run(cfg, OPS);
    }

    private static RunResult run(RunConfig cfg, int ops) throws InterruptedException {
        VirtualClock clock = new VirtualClock();
        LatencyStore store = new LatencyStore(clock, STALL_STORE);
        return new PhaseRunner(clock, new VirtualTasks(clock), new StopSignal(), null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0), store, ops, Duration.ZERO, List.of());
    }

    private static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    private static void assertSameDistribution(Histogram expected, Histogram actual) {
        assertEquals(expected.getTotalCount(), actual.getTotalCount(), "count");
        assertEquals(expected.getMean(), actual.getMean(), 1e-6, "mean");
        assertEquals(expected.getMaxValue(), actual.getMaxValue(), "max");
        for (double p : new double[] {1, 10, 50, 66.6, 90, 95, 99, 99.9}) {
            assertEquals(expected.getValueAtPercentile(p), actual.getValueAtPercentile(p), "p" + p);
        }
    }

    @Test
    void openModel_storeStallsOneSecond_everyArrivalIsIssuedOnTimeAndChargedForTheStall() throws Exception {
        RunResult r = run(TestConfigs.run("model", "open", "rate", "1000", "arrival", "constant",
                "operationcount", String.valueOf(OPS)));

        Histogram expected = histogram();
        for (int i = 0; i < OPS; i++) {
            long intended = i * MS;
            expected.recordValue((STALL_STORE.applyAsLong(intended) - intended) / 1000);
        }
        OpResult read = r.operations().get(0);
        assertEquals("READ", read.name());
        assertSameDistribution(expected, read.okResponse());
        // Issued at its intended time: no send lag, no waiting for a slot, all 1000 stalled
        // requests were outstanding at once.
        assertEquals(0, r.schedule().sendLag().getMaxValue());
        assertEquals(0, r.schedule().waitedForSlot());
        assertEquals(OPS, r.accounting().issued());
        assertTrue(r.accounting().addsUp());
        // The generator kept its schedule; the store, stalled for a third of the run, did not
        // serve it: the store's verdict alone makes the run invalid.
        assertEquals(List.of("the store stalled for 1.0 s of the 3.0 s measured (33%, more than 10%, --max-stall): no"
                + " operation completed from 1.0 s to 2.0 s; the run is not valid; judged over 0.0 s to 3.0 s, the measured"
                + " time"), r.warnings());
        // The mean charges the stall: (Σ_{k=1..1000} (k − 0.5) ms + 3000 · 0.5 ms) / 3000.
        assertEquals((500_500.0 - 500 + 1500) / 3000 * 1000, read.okResponse().getMean(), 200);
    }

    @Test
    void closedModel_sameStall_rawLatencyHidesItAndIntendedCorrectsIt() throws Exception {
        RunResult r = run(TestConfigs.run("model", "closed", "threadcount", "1", "target", "1000",
                "operationcount", String.valueOf(OPS)));

        // The closed loop, simulated by hand: one thread, paced to 1 ms ticks.
        Histogram raw = histogram();
        Histogram intended = histogram();
        long previousEnd = 0;
        for (int k = 0; k < OPS; k++) {
            long due = k * MS;
            long start = Math.max(due, previousEnd);
            long end = STALL_STORE.applyAsLong(start);
            raw.recordValue((end - start) / 1000);
            intended.recordValue((end - due) / 1000);
            previousEnd = end;
        }
        OpResult read = r.operations().get(0);
        assertSameDistribution(raw, read.okService());
        assertSameDistribution(intended, read.okResponse());
        // The omission: only one raw sample saw the stall, so raw p99 stays at the 0.5 ms service time.
        assertEquals(500, read.okService().getValueAtPercentile(99), 1);
        assertTrue(read.okResponse().getValueAtPercentile(99) > 900_000, "intended p99 sees the stall");
        assertTrue(r.paced());
    }

    @Test
    void closedModel_rawMeanIsFarBelowOpenModelMean() throws Exception {
        RunResult open = run(TestConfigs.run("model", "open", "rate", "1000", "arrival", "constant",
                "operationcount", String.valueOf(OPS)));
        RunResult closed = run(TestConfigs.run("model", "closed", "threadcount", "1", "target", "1000",
                "operationcount", String.valueOf(OPS)));
        double openMean = open.operations().get(0).okResponse().getMean();
        double closedRawMean = closed.operations().get(0).okService().getMean();
        assertTrue(closedRawMean * 10 < openMean, "closed raw " + closedRawMean + " vs open " + openMean);
    }

    @Test
    void openModel_inFlightBoundDuringTheStall_operationsWaitForSlotsAndAreStillChargedFromTheirIntendedStart()
            throws Exception {
        RunResult r = run(TestConfigs.run("model", "open", "rate", "1000", "arrival", "constant",
                "operationcount", String.valueOf(OPS), "maxinflight", "10"));
        // The 11th arrival of the stall finds all 10 slots taken and holds the schedule until the
        // stall ends; the arrivals behind it are issued late (send lag), not lost.
        assertTrue(r.schedule().waitedForSlot() >= 1, "waited: " + r.schedule().waitedForSlot());
        assertTrue(r.schedule().slotWaitMs() > 900, "slot wait " + r.schedule().slotWaitMs() + " ms");
        assertEquals(OPS, r.accounting().issued());
        assertTrue(r.accounting().addsUp());
        // The first request of the stall waits the whole second; so does the one that waited for
        // a slot the longest: response time counts from the intended start, slot wait included.
        assertTrue(r.operations().get(0).okResponse().getMaxValue() >= 1_000_000,
                "max " + r.operations().get(0).okResponse().getMaxValue());
        assertTrue(r.schedule().sendLag().getMaxValue() > 900_000, "the wait shows as send lag");
    }

    @Test
    void openModel_oneArrivalOnly_noRateWarningFromAScheduleTooShortToMeasure() throws Exception {
        RunResult r = run(TestConfigs.run("model", "open", "rate", "0.1", "arrival", "constant",
                "operationcount", "1"), 1);

        assertEquals(1, r.accounting().issued());
        assertEquals(0.1, r.schedule().scheduledRate(), 1e-9);
        assertTrue(r.valid(), () -> "warnings: " + r.warnings());
    }

    @Test
    void openModel_stopWhileWaitingForAFarArrival_endsWithoutWaitingForIt() throws Exception {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        StopSignal stop = new StopSignal();
        // The user presses Ctrl-C 5 s in, while the issuer waits for an arrival 1000 s away. (The
        // timer starts from the first operation, a participant of the virtual clock, so that
        // time cannot run ahead of the phase.)
        AtomicBoolean armed = new AtomicBoolean();
        LatencyStore store = new LatencyStore(clock, start -> {
            if (armed.compareAndSet(false, true)) {
                tasks.startPlatform("ctrl-c", () -> {
                    try {
                        clock.parkUntil(start + 5_000 * MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    stop.stop();
                });
            }
            return start + MS;
        });
        RunConfig cfg = TestConfigs.run("model", "open", "rate", "0.001", "arrival", "constant",
                "operationcount", "10");
        RunResult r = new PhaseRunner(clock, tasks, stop, null)
                .run(cfg, Runner.modelOf(cfg), new SimpleWorkload(100, 0), store, 10, Duration.ZERO, List.of());

        assertEquals(1, r.accounting().issued());
        assertTrue(clock.nanoTime() < 10_000 * MS, () -> "ended at " + clock.nanoTime() / MS + " ms of virtual time");
    }
}
