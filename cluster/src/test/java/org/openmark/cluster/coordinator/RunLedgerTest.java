package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.testing.FakeClock;

/**
 * A run's accounting, without actors: what the workers say goes in, in the order a run's actor
 * hears it, and the ledger says what follows (how to load, when all are ready, when the run is over)
 * and what the run's outcome holds. The workers' operations are reads counted by number
 * ({@link ReportedReads}), so whose operations an outcome counts can be told.
 */
class RunLedgerTest {
    /** The run's start instant, epoch ms of the coordinator's wall clock (the workers' clocks agree: offset 0). */
    private static final long START_MS = 1_700_000_000_000L;

    private final FakeClock clock = new FakeClock();
    private final List<IntervalMerger.Merged> merged = new ArrayList<>();
    private final MergeCosts costs = new MergeCosts();

    @Test
    void prepared_decidesHowToLoadOnceEveryWorkerOpenedItsStore() {
        RunLedger ledger = ledger(workers(2), PlanPhase.RUN, true);
        assertNull(ledger.prepared(new Prepared(0, true, false)), "worker 2 has not opened its store");
        assertNull(ledger.prepared(new Prepared(5, true, false)), "nobody was admitted under index 5");
        assertEquals(Load.PARTITION, ledger.prepared(new Prepared(1, true, false)),
                "a shared store both found empty is loaded once, split");
    }

    @Test
    void ready_onceEveryWorkerIs_theStartIsTheMarginAndTwoOfTheSlowestRoundTripsAway() {
        Roster workers = workers(2);
        workers.get(0).clockSample(0, 300);
        workers.get(1).clockSample(0, 2_000);
        RunLedger ledger = ledger(workers, PlanPhase.RUN, false);
        assertFalse(ledger.ready(0));
        assertFalse(ledger.ready(9));
        assertTrue(ledger.ready(1));
        assertEquals(5_000_000 + 10_000 + 2 * 2_000, ledger.startMicros(5_000_000), "margin 10 ms, slowest rtt 2 ms");
    }

    @Test
    void intervalsAndResults_areMergedOnce_andTheRunIsOverWhenEveryWorkerReported() {
        Roster workers = workers(2);
        RunLedger ledger = started(workers);
        ledger.interval(interval(0, 0, 40));
        ledger.interval(interval(0, 0, 40)); // held while unreachable, sent again: counted once
        ledger.interval(interval(1, 0, 60));
        assertEquals(List.of(100L), completed(), "the first second, both workers' parts");

        assertTrue(ledger.done(done(0, 40)));
        assertFalse(ledger.over(), "worker 2 has not reported");
        assertEquals(List.of(workers.get(1)), ledger.outstanding());
        assertFalse(ledger.done(done(0, 40)), "a result sent again does not count");
        assertTrue(ledger.done(done(1, 60)));
        assertTrue(ledger.over());

        RunLedger.Ending ending = ledger.end();
        assertNull(ending.failure());
        assertFalse(ending.workerLost());
        CoordinatorOutcome outcome = ending.outcome();
        assertFalse(outcome.stopped());
        assertEquals(40, outcome.workers().get(0).result().accounting().completed());
        assertEquals(60, outcome.workers().get(1).totals().measuredCompleted());
        assertEquals(100, completed().stream().mapToLong(Long::longValue).sum(), "nothing merged twice");
        assertTrue(costs.describe().contains("(p99 0 us, 2 intervals)"), () -> "the one sent again cost nothing: "
                + costs.describe());
    }

    @Test
    void lose_aWorkerMidRun_keepsWhatItDelivered_andTheOutcomeSaysAWorkerWasLost() {
        Roster workers = workers(2);
        RunLedger ledger = started(workers);
        ledger.interval(interval(1, 0, 25));
        clock.advance(Duration.ofSeconds(3));

        assertTrue(ledger.lose(workers.get(1), "its process or machine went away"));
        assertFalse(ledger.lose(workers.get(1), "again"), "lost once");
        ledger.interval(interval(1, 1, 500)); // late, from a lost worker: not counted
        assertTrue(ledger.done(done(0, 70)));
        assertFalse(ledger.lose(workers.get(0), "went after it reported"), "a worker that reported is not lost");
        assertTrue(ledger.over());

        RunLedger.Ending ending = ledger.end();
        assertTrue(ending.workerLost());
        WorkerSlot lost = ending.outcome().workers().get(1);
        assertTrue(lost.lost());
        assertEquals(25, lost.totals().measuredCompleted(), "what it delivered before it went stays");
        assertTrue(lost.lostReason().startsWith("its process or machine went away; last heard"), lost.lostReason());
    }

    @Test
    void stop_theFirstReasonStays_andTheOutcomeIsMarkedStopped() {
        RunLedger ledger = started(workers(1));
        assertTrue(ledger.stop("interrupted (Ctrl-C on the coordinator)"));
        assertFalse(ledger.stop("pressed twice"));
        ledger.done(done(0, 10));
        CoordinatorOutcome outcome = ledger.end().outcome();
        assertTrue(outcome.stopped());
        assertEquals("interrupted (Ctrl-C on the coordinator)", outcome.stopReason());
    }

    @Test
    void ending_aRunThatFailedBeforeItsStart_failsTheRunOrTheSessionToo() {
        RunLedger.Ending failed = RunLedger.Ending.failed("worker-1 (host:1): sim.latency=bogus", true, false);
        assertNull(failed.outcome());
        assertTrue(failed.failure().badInput());
        assertNull(failed.sessionBroken(), "the session can run another");
        RunLedger.Ending broken = RunLedger.Ending.sessionBroken("worker-2 (host:2) left before the run started");
        assertEquals("worker-2 (host:2) left before the run started", broken.sessionBroken());
        assertEquals(broken.sessionBroken(), broken.failure().getMessage());
    }

    private static Roster workers(int n) {
        Roster r = new Roster();
        for (int i = 0; i < n; i++) {
            r.admit(new WorkerSlot(-1, null, "127.0.0.1:" + (4001 + i), "host", 2, 1 + i));
        }
        return r;
    }

    private RunLedger ledger(Roster workers, PlanPhase phase, boolean autoload) {
        MergedOutput output = new MergedOutput() {
            @Override
            public void merged(IntervalMerger.Merged m, List<WorkerSlot> all) {
                merged.add(m);
            }

            @Override
            public void worker(WorkerSlot w, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
            }
        };
        return new RunLedger(new RunSetup(phase, share -> {
            throw new AssertionError("the ledger hands out no plans");
        }, autoload, Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofMillis(10), Duration.ofSeconds(5), output, costs, new CompletableFuture<>()), workers, clock);
    }

    /** A run over {@code workers}, every one prepared and ready, started at {@link #START_MS}. */
    private RunLedger started(Roster workers) {
        RunLedger ledger = ledger(workers, PlanPhase.RUN, false);
        for (WorkerSlot w : workers) {
            ledger.prepared(new Prepared(w.index, false, false));
            ledger.ready(w.index);
        }
        ledger.start(START_MS * 1000, clock.nanoTime());
        return ledger;
    }

    /** Worker {@code index}'s interval {@code seq} (second {@code seq} of the run), in which {@code reads} completed. */
    private static IntervalReport interval(int index, int seq, long reads) {
        long from = START_MS + seq * 1000L;
        return new IntervalReport(index, seq, ReportedReads.interval(from, from + 1000, reads), seq + 1.0, 0, false, -1);
    }

    private static Done done(int index, long reads) {
        return new Done(index, ReportedReads.result(reads), 10, null);
    }

    /** The operations completed in each merged interval written so far. */
    private List<Long> completed() {
        return merged.stream().map(m -> m.snapshot().completed()).toList();
    }
}
