package org.openmark.services.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.FakeTime;

/**
 * The benchmark's schedule on a fake clock: when the window opens and closes after the tool said it is under
 * way, what is sampled there, and the runs that cannot be measured. Nothing sleeps.
 */
class MeasurementTest {
    private static final long CLIENT = 500;
    private static final long SERVER = 600;
    private static final Pattern READY = Pattern.compile(" 1 sec: ");

    @TempDir
    Path dir;

    private final FakeTime time = new FakeTime();
    private final List<String> events = new ArrayList<>();
    /** When the client's process is gone from the process table (its tool ended). */
    private long clientGoneNanos = Long.MAX_VALUE;

    /**
     * A tool that says it is under way at {@code readyAfter} (its progress line, in its .err) and runs until
     * {@code endsAfter}; client and server use CPU at 1 and 3 ticks per 100 ms of the clock.
     */
    private final class Tool implements Measurement.Launched {
        final Duration readyAfter;
        final Duration endsAfter;
        final int exit;
        final Path err;
        boolean killed;

        Tool(Duration readyAfter, Duration endsAfter, int exit, Path err) {
            this.readyAfter = readyAfter;
            this.endsAfter = endsAfter;
            this.exit = exit;
            this.err = err;
        }

        @Override
        public long pid() {
            return CLIENT;
        }

        @Override
        public boolean alive() {
            if (time.nanoTime() >= readyAfter.toNanos()) {
                write(err, "2026-11-29 03:10:56:398 1 sec: 192 operations\n");
            }
            return !killed && time.nanoTime() < endsAfter.toNanos();
        }

        @Override
        public int waitFor() {
            if (!killed && time.nanoTime() < endsAfter.toNanos()) {
                time.sleep(Duration.ofNanos(endsAfter.toNanos() - time.nanoTime()));
            }
            events.add("ended at " + seconds());
            return exit;
        }

        @Override
        public void kill() {
            killed = true;
            events.add("killed at " + seconds());
        }
    }

    private final ProcessTable processes = new ProcessTable() {
        @Override
        public Optional<String> stat(long pid) {
            long tenths = time.nanoTime() / 100_000_000L;
            events.add("sampled " + pid + " at " + seconds());
            if (pid == CLIENT && time.nanoTime() >= clientGoneNanos) {
                return Optional.empty();
            }
            return pid == CLIENT ? Optional.of(ProcessTableTest.stat(pid, "java", tenths, 0, 0, 0))
                    : Optional.of(ProcessTableTest.stat(pid, "redis-server", 3 * tenths, 0, 0, 0));
        }

        @Override
        public List<Long> children(long pid) {
            return List.of();
        }

        @Override
        public OptionalLong peakResidentKiB(long pid) {
            return OptionalLong.of(2048 * (time.nanoTime() / 1_000_000_000L));
        }
    };

    private Measurement measurement(Duration readyAfter, Duration endsAfter, int exit) {
        clientGoneNanos = endsAfter.toNanos();
        return new Measurement(time, processes, (command, out, err) -> new Tool(readyAfter, endsAfter, exit, err), 100);
    }

    private String seconds() {
        return String.format(java.util.Locale.ROOT, "%.1f", time.nanoTime() / 1e9);
    }

    @Test
    void measure_readyAfterThreeSeconds_windowFromWarmToWarmPlusSecsAfterItBegan() {
        // it began one second before its first progress line: 2 s; the window is 2+10 .. 2+10+20 s
        Measurement.Result r = measurement(Duration.ofSeconds(3), Duration.ofSeconds(40), 0)
                .measure("openmark-redis-5000", READY, List.of("openmark"), dir, List.of(SERVER), Duration.ofSeconds(10),
                        Duration.ofSeconds(20));
        assertEquals(List.of("sampled 500 at 12.0", "sampled 600 at 12.0", "sampled 500 at 32.0", "sampled 600 at 32.0",
                "ended at 40.0"), events);
        Window w = r.window();
        assertEquals(200, w.clientTicksTo() - w.clientTicksFrom());
        assertEquals(2.0, w.clientCpuSeconds());
        assertEquals(6.0, w.serverCpuSeconds());
        assertEquals(20.0, w.seconds());
        assertEquals(2048 * 32, w.clientRssKiB());
        assertEquals(0, r.exitCode());
    }

    @Test
    void measure_notValidRun_measuredAllTheSame() {
        assertEquals(Measurement.NOT_VALID, measurement(Duration.ofSeconds(1), Duration.ofSeconds(40), 3)
                .measure("x", READY, List.of("openmark"), dir, List.of(), Duration.ofSeconds(1), Duration.ofSeconds(2))
                .exitCode());
    }

    @Test
    void measure_neverSaysItIsUnderWay_killedAfterTwoMinutes() {
        CommandException e = assertThrows(CommandException.class, () -> measurement(Duration.ofHours(1),
                Duration.ofHours(2), 0).measure("pgbench-1000", READY, List.of("pgbench"), dir, List.of(),
                Duration.ofSeconds(10), Duration.ofSeconds(20)));
        assertTrue(e.getMessage().startsWith("pgbench-1000 did not start:"), e.getMessage());
        assertEquals(List.of("killed at 120.0", "ended at 120.0"), events);
    }

    @Test
    void measure_endsBeforeItsWindow_orFails_notMeasured() {
        CommandException early = assertThrows(CommandException.class, () -> measurement(Duration.ofSeconds(1),
                Duration.ofSeconds(5), 0).measure("latte-2000", READY, List.of("latte"), dir, List.of(),
                Duration.ofSeconds(10), Duration.ofSeconds(20)));
        assertTrue(early.getMessage().startsWith("latte-2000 ended before its window did:"), early.getMessage());
        CommandException failed = assertThrows(CommandException.class, () -> measurement(Duration.ofSeconds(1),
                Duration.ofSeconds(40), 1).measure("ycsb-redis-5000", READY, List.of("java"), dir, List.of(),
                Duration.ofSeconds(1), Duration.ofSeconds(2)));
        assertTrue(failed.getMessage().startsWith("ycsb-redis-5000 failed (exit 1):"), failed.getMessage());
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
