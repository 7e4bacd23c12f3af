package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.load.Gauges;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;
import org.openmark.output.IntervalSink;
import org.openmark.timing.VirtualClock;
import org.openmark.timing.VirtualTasks;

/** The status ticker in virtual time: intervals at the right times, warm-up kept apart, ETA and counts printed. */
class IntervalCollectorTest {
    private static final StatusLine LINE = new StatusLine(StatusLine.Latency.RESPONSE, java.time.ZoneOffset.UTC);
    private static final long S = 1_000_000_000L;

    /**
     * A 5 s phase with the status every 10 s: its only line is the last one, which says what the
     * phase lasted in whole seconds as YCSB does ("5 sec"), not the next whole second ("6 sec").
     */
    @Test
    void collectFinal_phaseShorterThanTheStatusInterval_theLastLineSaysWhatThePhaseLasted() throws Exception {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        Measurements m = new Measurements();
        ByteArrayOutputStream status = new ByteArrayOutputStream();
        IntervalCollector collector = new IntervalCollector(m, clock, new Gauges(), List.of(),
                new PrintStream(status, true, StandardCharsets.UTF_8), LINE, 0, 0, 50, Long.MAX_VALUE);
        Thread ticker = tasks.startBackground("ticker", () -> collector.tick(S, 10 * S));
        driveAndEnd(clock, tasks, m, ticker, collector, 50);
        String printed = status.toString(StandardCharsets.UTF_8);
        assertTrue(printed.matches("(?s)\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} 5 sec: 50 operations;.*"), printed);
        assertFalse(printed.contains("6 sec"), printed);
    }

    @Test
    void tick_tenSecondsWithTwoSecondWarmupAndThreeSecondInterval_collectsAtTheDueTimes() throws Exception {
        VirtualClock clock = new VirtualClock();
        VirtualTasks tasks = new VirtualTasks(clock);
        Measurements m = new Measurements();
        List<String> intervals = new ArrayList<>();
        IntervalSink sink = new IntervalSink() {
            @Override
            public void interval(IntervalSnapshot s, double elapsed, long inFlight, boolean warmUp) {
                intervals.add(String.format(java.util.Locale.ROOT, "%.0f:%d:%s", elapsed, s.completed(), warmUp));
            }

            @Override
            public void close() {
            }
        };
        ByteArrayOutputStream status = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(status, true, StandardCharsets.UTF_8);
        IntervalCollector collector = new IntervalCollector(m, clock, new Gauges(), List.of(sink), out, LINE, 0, 2 * S,
                100, Long.MAX_VALUE);
        // The ticker first, as PhaseRunner does: a background wait never advances time by itself.
        Thread ticker = tasks.startBackground("ticker", () -> collector.tick(3 * S, 3 * S));
        driveAndEnd(clock, tasks, m, ticker, collector, 100);

        // Warm-up ends at 2 s, then intervals at 3, 6 and 9 s and the final one at 10 s. The
        // operation due at the very instant of a tick may land on either side of it.
        assertEquals(5, intervals.size(), intervals.toString());
        String[] due = {"2", "3", "6", "9", "10"};
        long[] ops = {20, 10, 30, 30, 10};
        for (int i = 0; i < 5; i++) {
            String[] f = intervals.get(i).split(":");
            assertEquals(due[i], f[0], intervals.toString());
            assertTrue(Math.abs(Long.parseLong(f[1]) - ops[i]) <= 1, intervals.toString());
            assertEquals(i == 0, Boolean.parseBoolean(f[2]), intervals.toString());
        }
        assertEquals(100, collector.totals().warmUpCompleted() + collector.totals().measuredCompleted());
        String printed = status.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains(" 3 sec: "), printed);
        assertTrue(printed.contains("est completion in "), printed);
        assertTrue(printed.contains("[READ: Count="), printed);
    }

    private static org.openmark.measure.IntervalSummary interval(long completed, long inFlightAtEnd) {
        return new org.openmark.measure.IntervalSummary(0, 1, completed, java.util.Map.of(), inFlightAtEnd, false);
    }

    @Test
    void storeInTrouble_steadyInterval_isHealthyWithoutHistory() {
        assertFalse(IntervalCollector.storeInTrouble(interval(1000, 3), 2, List.of()));
    }

    @Test
    void storeInTrouble_backlogDrainingAfterAStallInTheFirstSecond_isTroubleWithoutHistory() {
        // 1000 outstanding at the start (the stall), 2000 completed, none left: a backlog draining.
        assertTrue(IntervalCollector.storeInTrouble(interval(2000, 0), 1000, List.of()));
        // More outstanding than completed: each waited longer than the interval (Little's law).
        assertTrue(IntervalCollector.storeInTrouble(interval(900, 1200), 1100, List.of()));
        // Building up: outstanding rose by more than a quarter of the completions.
        assertTrue(IntervalCollector.storeInTrouble(interval(1000, 400), 10, List.of()));
    }

    @Test
    void storeInTrouble_lightLoad_neverCountsAsBackingUp() {
        // 10 ops/s with a 2 s store: 20 outstanding, above the completions but under the floor.
        assertFalse(IntervalCollector.storeInTrouble(interval(10, 20), 20, List.of()));
    }

    @Test
    void storeInTrouble_withHistory_outstandingFarAboveTheirHealthyLevel() {
        assertTrue(IntervalCollector.storeInTrouble(interval(100_000, 900), 880, List.of(50L, 60L, 55L)));
        assertFalse(IntervalCollector.storeInTrouble(interval(100_000, 70), 60, List.of(50L, 60L, 55L)));
    }

    /** A collector that wakes late shows the second its tick was due, so no second is printed twice. */
    @Test
    void statusLine_tickThatWokeLate_showsTheDueSecondNotTheNext() throws Exception {
        long[] now = {0};
        org.openmark.api.Clock clock = new org.openmark.api.Clock() {
            @Override
            public long nanoTime() {
                return now[0];
            }

            @Override
            public long currentTimeMillis() {
                return now[0] / 1_000_000;
            }

            @Override
            public void parkUntil(long deadlineNanos) {
                now[0] = Math.max(now[0], deadlineNanos);
            }
        };
        Measurements m = new Measurements();
        ByteArrayOutputStream status = new ByteArrayOutputStream();
        IntervalCollector collector = new IntervalCollector(m, clock, new Gauges(), List.of(),
                new PrintStream(status, true, StandardCharsets.UTF_8), LINE, 0, 0, 0, 8 * S);
        now[0] = 7 * S + 700_000_000L; // the 7 s tick, taken 0.7 s late
        collector.collect(true, false, 7);
        now[0] = 8 * S;
        collector.collect(true, false, 8);
        now[0] = 8 * S + 300_000_000L;
        m.sharedWriter().issued();
        collector.collectFinal();
        String printed = status.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains(" 7 sec: "), printed);
        assertEquals(1, printed.split(" 8 sec: ", -1).length - 1, printed);
    }

    /**
     * A driver that completes one operation every 100 ms, {@code count} of them, in virtual time;
     * then the ticker stops and the collector takes the final interval.
     */
    private static void driveAndEnd(VirtualClock clock, VirtualTasks tasks, Measurements m, Thread ticker,
            IntervalCollector collector, int count) throws InterruptedException {
        Thread driver = tasks.startPlatform("driver", () -> {
            MeasurementWriter w = m.newThreadWriter();
            try {
                for (int i = 1; i <= count; i++) {
                    clock.parkUntil(i * S / 10);
                    w.issued();
                    long now = clock.nanoTime();
                    w.record("READ", Status.OK, now - 1000, now - 1000, now);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        driver.join();
        ticker.interrupt();
        ticker.join();
        collector.collectFinal();
    }
}
