package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.load.Gauges;
import org.openmark.load.VirtualClock;
import org.openmark.load.VirtualTasks;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;
import org.openmark.report.IntervalSink;

/** The status ticker in virtual time: intervals at the right times, warm-up kept apart, ETA and counts printed. */
class IntervalCollectorTest {
    private static final long S = 1_000_000_000L;

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
        IntervalCollector collector = new IntervalCollector(m, clock, new Gauges(), List.of(sink), out, 0, 2 * S,
                100, Long.MAX_VALUE);
        // The ticker first, as PhaseRunner does: a background wait never advances time by itself.
        Thread ticker = tasks.startBackground("ticker", () -> collector.tick(3 * S, 3 * S));
        // A "driver" that completes one operation every 100 ms for 10 s, in virtual time.
        Thread driver = tasks.startPlatform("driver", () -> {
            MeasurementWriter w = m.newThreadWriter();
            try {
                for (int i = 1; i <= 100; i++) {
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
        assertTrue(printed.contains("3 sec: "), printed);
        assertTrue(printed.contains("est completion in "), printed);
        assertTrue(printed.contains("[READ: Count="), printed);
    }
}
