package org.openmark.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.testing.FakeClock;

class EventScheduleTest {
    private static final long S = 1_000_000_000L;

    /** Commands end at once with the exit code their text names ("exit N"), or never ("hang"). */
    private static final class FakeLauncher implements CommandLauncher {
        final Map<String, Path> started = new ConcurrentHashMap<>();
        final java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public Running start(String command, Path output) throws IOException {
            attempts.incrementAndGet();
            if (command.equals("missing")) {
                throw new IOException("sh: not found");
            }
            started.put(command, output == null ? Path.of("-") : output);
            if (command.equals("hang")) {
                CountDownLatch never = new CountDownLatch(1);
                return nanos -> never.await(nanos, TimeUnit.NANOSECONDS) ? 0 : null;
            }
            int code = Integer.parseInt(command.substring("exit ".length()));
            return nanos -> code;
        }
    }

    private static EventSpec at(long seconds, String command) {
        return new EventSpec(Duration.ofSeconds(seconds), command);
    }

    @Test
    void finish_eventsRanAtTheirTimes_outcomesInTheOrderGivenWithTheirExitCodes() throws Exception {
        FakeClock clock = new FakeClock();
        FakeLauncher launcher = new FakeLauncher();
        EventSchedule schedule = new EventSchedule(List.of(at(3, "exit 3"), at(1, "exit 0")), clock, launcher,
                Path.of("/tmp/out/events"));
        // the phase starts at 8 s with a 2 s warm-up: due 1 s and 3 s after 10 s, reported from 8 s
        schedule.start(8 * S, 2 * S);
        // Both are due by the time the run ends; the starter must have launched them.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (launcher.started.size() < 2 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        List<EventOutcome> outcomes = schedule.finish(Duration.ofSeconds(5));

        assertEquals("exit 3", outcomes.get(0).spec().command());
        assertEquals(5.0, outcomes.get(0).startSeconds(), 1e-9);
        assertEquals(3, outcomes.get(0).exitCode());
        assertEquals(3.0, outcomes.get(1).startSeconds(), 1e-9);
        assertEquals(0, outcomes.get(1).exitCode());
        assertTrue(outcomes.get(1).succeeded());
        assertEquals(Path.of("/tmp/out/events/event-2.log"), launcher.started.get("exit 0"));
    }

    @Test
    void finish_beforeAnEventsTime_itNeverRunsAndSaysWhy() throws Exception {
        FakeClock clock = FakeClock.endingAt(15 * S); // time reaches 5 s after the start, then the run ends
        FakeLauncher launcher = new FakeLauncher();
        EventSchedule schedule = new EventSchedule(List.of(at(5, "exit 0"), at(60, "exit 0")), clock, launcher, null);
        schedule.start(10 * S, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (launcher.started.isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        List<EventOutcome> outcomes = schedule.finish(Duration.ofSeconds(5));

        assertEquals(0, outcomes.get(0).exitCode());
        assertTrue(Double.isNaN(outcomes.get(1).startSeconds()));
        assertNull(outcomes.get(1).exitCode());
        assertEquals("not run: the run ended at 5.0 s, before its time", outcomes.get(1).note());
        assertEquals(1, launcher.started.size());
    }

    @Test
    void finish_aCommandStillRunning_isLeftRunningAndReportedSo() throws Exception {
        FakeClock clock = new FakeClock();
        FakeLauncher launcher = new FakeLauncher();
        EventSchedule schedule = new EventSchedule(List.of(at(0, "hang")), clock, launcher, null);
        schedule.start(0, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (launcher.started.isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        EventOutcome o = schedule.finish(Duration.ofMillis(50)).get(0);

        assertEquals(0.0, o.startSeconds(), 1e-9);
        assertTrue(Double.isNaN(o.endSeconds()));
        assertNull(o.exitCode());
        assertEquals("still running when the run ended (left running)", o.note());
    }

    @Test
    void finish_aCommandThatCannotStart_saysWhy() throws Exception {
        FakeLauncher launcher = new FakeLauncher();
        EventSchedule schedule = new EventSchedule(List.of(at(0, "missing")), new FakeClock(), launcher,
                null);
        schedule.start(0, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (launcher.attempts.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        // finish waits for the starter, which records the failure before it ends
        EventOutcome o = schedule.finish(Duration.ZERO).get(0);

        assertEquals("could not start: sh: not found", o.note());
        assertNull(o.exitCode());
    }

    @Test
    void finish_neverStarted_nothingRan() throws Exception {
        EventSchedule schedule = new EventSchedule(List.of(at(1, "exit 0")), new FakeClock(),
                new FakeLauncher(), null);
        EventOutcome o = schedule.finish(Duration.ZERO).get(0);
        assertEquals("not run: the run ended before its measured start", o.note());
    }

    @Test
    void parse_timeAndCommand() {
        EventSpec e = EventSpec.parse("--event", "60s:bin/openmark-services add-node cassandra");
        assertEquals(Duration.ofSeconds(60), e.at());
        assertEquals("bin/openmark-services add-node cassandra", e.command());
        assertEquals(Duration.ofMillis(1500), EventSpec.parse("--event", "1.5s: echo a:b").at());
        assertEquals("echo a:b", EventSpec.parse("--event", "1.5s: echo a:b").command());
    }

    @Test
    void parse_badText_namesTheFlagAndTheForm() {
        for (String bad : new String[] {"60s", ":echo", "60s:", "60s:  ", "soon:echo"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> EventSpec.parse("--event", bad), bad);
            assertTrue(e.getMessage().startsWith("--event"), e.getMessage());
        }
    }
}
