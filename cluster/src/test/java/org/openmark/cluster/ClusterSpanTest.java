package org.openmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.cluster.coordinator.RunTimeline;
import org.openmark.load.Share;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Totals;
import org.openmark.output.IntervalSink;
import org.openmark.run.OfferedChange;
import org.openmark.run.PhaseHooks;
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
 * A cluster run's rates over its span: three workers' shares of 1,500 constant arrivals a second
 * for 20 s (2 s of warm-up), each run on a virtual clock of its own from the common start; one
 * stops at 5 s. The merged figures are the operations over the coordinator's span, the schedule
 * keeps the plan, and what was offered instead is said beside it.
 */
class ClusterSpanTest {
    private static final long MS = 1_000_000L;
    private static final long START_MS = 1_700_000_000_000L; // VirtualClock's epoch
    private static final String[] RUN = {"model", "open", "rate", "1500", "arrival", "constant", "duration", "20s",
        "warmup", "2s"};

    /** One share's run, stopped (as a signal on its machine would) at {@code stopAtMs} when positive. */
    private record Part(RunResult result, long lastIntervalEndMs, Totals delivered, long issuedDelivered) {
    }

    private static Part share(int i, long stopAtMs, String... more) throws InterruptedException {
        List<String> pairs = new ArrayList<>(List.of(RUN));
        pairs.addAll(List.of(more));
        pairs.addAll(List.of("share", i + "/3"));
        RunConfig cfg = TestConfigs.run(pairs.toArray(String[]::new));
        VirtualClock clock = new VirtualClock();
        StopSignal stop = new StopSignal();
        LatencyStore store = new LatencyStore(clock, start -> {
            if (stopAtMs > 0 && start >= stopAtMs * MS) {
                stop.stop();
            }
            return start + MS / 2;
        });
        long[] lastEnd = {-1};
        Totals delivered = new Totals();
        long[] issued = {0};
        IntervalSink sink = new IntervalSink() {
            @Override
            public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
                lastEnd[0] = s.endMillis();
                if (warmUp) {
                    delivered.addWarmUp(s);
                } else {
                    delivered.add(s);
                }
                issued[0] += s.issued();
            }

            @Override
            public void close() {
            }
        };
        RunResult r = new PhaseRunner(clock, new VirtualTasks(clock), stop, null).run(cfg, Runner.modelOf(cfg),
                new SimpleWorkload(100, 0), store, cfg.operationCount(), cfg.duration(), List.of(sink),
                PhaseHooks.NONE.gate());
        return new Part(r, lastEnd[0], delivered, issued[0]);
    }

    private static RunConfig whole(String... more) {
        List<String> pairs = new ArrayList<>(List.of(RUN));
        pairs.addAll(List.of(more));
        return TestConfigs.run(pairs.toArray(String[]::new));
    }

    private static ClusterSpan.Worker worker(int i, Part p, String stopReason) {
        return new ClusterSpan.Worker("worker-" + i + " (127.0.0.1:" + (4000 + i) + ")", new Share(i - 1, 3),
                p.result(), false, p.lastIntervalEndMs(), stopReason, null);
    }

    @Test
    void span_aWorkerStoppedAtFiveSecondsOfTwenty_ratesAreOverTheRunsSpanAndTheScheduleKeepsThePlan()
            throws Exception {
        RunConfig cfg = whole();
        List<Part> parts = List.of(share(1, 0), share(2, 0), share(3, 5000));
        List<ClusterSpan.Worker> workers = List.of(worker(1, parts.get(0), null), worker(2, parts.get(1), null),
                worker(3, parts.get(2), "interrupted on its machine (SIGINT or SIGTERM)"));
        ClusterSpan span = new ClusterSpan(cfg, RunTimeline.of(START_MS, Duration.ofSeconds(1), cfg.warmup()), workers);
        ResultMerge.Span s = span.span();
        RunResult merged = ResultMerge.merge(cfg, Runner.modelOf(cfg).spec(), false, true,
                parts.stream().map(Part::result).toList(), List.of(), List.of(), span.notes(s), false, true, List.of(),
                s);

        // Two shares issue 500/s for 20 s, the third 500/s until it stops at 5 s.
        assertEquals(10_000, parts.get(0).result().accounting().issued());
        assertEquals(2_500, parts.get(2).result().accounting().issued(), 1);
        // From the warm-up's end to the last worker's last interval: the last operation (issued at
        // 19.998 s) completed half a millisecond later.
        assertEquals(17_999, merged.runtimeMs());
        assertEquals(parts.get(0).result().runtimeMs(), merged.runtimeMs(), 1);
        assertEquals(merged.accounting().completed() / 17.999, merged.throughput(), 1e-9);
        assertEquals((9_000 + 9_000 + 1_500) / 18.0, merged.throughput(), 0.2, "not 1,500: one worker stopped");
        assertEquals(merged.accounting().issued() / 20.0, merged.schedule().achievedRate(), 0.1);
        assertEquals(1125, merged.schedule().achievedRate(), 0.2);
        assertEquals(1500, merged.schedule().targetRate(), 1e-9, "the plan, every share counted");
        assertEquals(10_000, merged.schedule().maxInFlight(), "the plan's bound, every share counted");
        List<OfferedChange> offered = merged.schedule().offered();
        assertEquals(1, offered.size(), offered::toString);
        assertEquals(5.0, offered.get(0).fromSeconds(), 0.01, "its last interval ended as it stopped");
        assertEquals(1000, offered.get(0).ratePerSec(), 1e-9);
        assertEquals(2, offered.get(0).workers());
        assertTrue(offered.get(0).why().contains("worker-3 (127.0.0.1:4003) stopped: interrupted on its machine"),
                offered.get(0)::why);
        assertEquals(1125, merged.schedule().offeredRate(), 0.2, "500/s × (20 + 20 + 5) s over 20 s");
        assertTrue(merged.notes().contains("from 5.0 s on, the run offered 1000 ops/s instead of 1500 ops/s (2 of 3"
                + " workers; worker-3 (127.0.0.1:4003) stopped: interrupted on its machine (SIGINT or SIGTERM))"),
                merged.notes()::toString);
    }

    @Test
    void span_everyWorkerToTheEnd_ratesEqualTheWholeRunsAndNothingIsSaidOfOffering() throws Exception {
        RunConfig cfg = whole();
        List<Part> parts = List.of(share(1, 0), share(2, 0), share(3, 0));
        List<ClusterSpan.Worker> workers = List.of(worker(1, parts.get(0), null), worker(2, parts.get(1), null),
                worker(3, parts.get(2), null));
        ClusterSpan span = new ClusterSpan(cfg, RunTimeline.of(START_MS, Duration.ofSeconds(1), cfg.warmup()), workers);
        ResultMerge.Span s = span.span();
        RunResult merged = ResultMerge.merge(cfg, Runner.modelOf(cfg).spec(), false, true,
                parts.stream().map(Part::result).toList(), List.of(), List.of(), span.notes(s), true, false, List.of(),
                s);
        assertEquals(30_000, merged.accounting().issued());
        assertEquals(27_000 / (merged.runtimeMs() / 1000.0), merged.throughput(), 1e-9,
                "not the sum of three rates over their own spans");
        assertEquals(1500, merged.schedule().achievedRate(), 0.1);
        assertEquals(1500, merged.schedule().scheduledRate(), 0.1);
        assertTrue(merged.schedule().offered().isEmpty());
        assertTrue(span.notes(s).isEmpty(), () -> span.notes(s).toString());
    }

    @Test
    void unseen_aLostWorkerUnderConstantArrivals_isBoundedByItsSchedule_underPoissonAnEstimate() throws Exception {
        for (String arrival : List.of("constant", "poisson")) {
            RunConfig cfg = whole("arrival", arrival);
            // Worker 3 was lost at 5 s: what the coordinator has of it is what it delivered.
            Part lost = share(3, 5000, "arrival", arrival);
            Part untilTheEnd = share(3, 0, "arrival", arrival);
            RunResult part = ResultMerge.lostPart(cfg, Runner.modelOf(cfg).spec(), lost.delivered(),
                    lost.issuedDelivered(), 18_000);
            ClusterSpan.Worker w = new ClusterSpan.Worker("worker-3 (127.0.0.1:4003)", new Share(2, 3), part, true,
                    lost.lastIntervalEndMs(), null, "gone");
            ClusterSpan span = new ClusterSpan(cfg, RunTimeline.of(START_MS, Duration.ofSeconds(1), cfg.warmup()),
                    List.of(worker(1, untilTheEnd, null), worker(2, untilTheEnd, null), w));
            String said = span.unseen(w);
            long truth = untilTheEnd.result().accounting().issued() - lost.issuedDelivered();
            if (arrival.equals("constant")) {
                long bound = Long.parseLong(said.replaceAll("^at most (\\d+) .*", "$1"));
                assertTrue(truth <= bound && bound <= truth + 1, said + " for " + truth + " unseen");
                assertTrue(said.contains("its schedule of constant arrivals over the run's 20 s"), said);
            } else {
                assertTrue(said.startsWith("about ") && said.contains("an estimate"), said);
            }
        }
    }
}
