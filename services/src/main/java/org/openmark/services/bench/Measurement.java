package org.openmark.services.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.Time;
import org.openmark.services.server.Wait;

/**
 * The benchmark's method for one run of a client tool: start it (its output in DIR/NAME.out and .err), wait for
 * the line that says it is under way (its progress line one second after it began), then sample the client's
 * and the server's CPU ticks {@code warm} and {@code warm + secs} after it began, and the client's peak resident
 * memory at the second sample, and wait for it to end. Time is injected: a test's clock moves only when
 * something sleeps.
 */
final class Measurement {
    private static final Duration READY_POLL = Duration.ofMillis(100);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    /** A progress line comes one second after the tool began. */
    private static final Duration PROGRESS_DELAY = Duration.ofSeconds(1);
    /** openmark's exit code for a run that is not valid: measured all the same, and the line says so. */
    static final int NOT_VALID = 3;

    /** A client tool started in the background. */
    interface Launched {
        long pid();

        boolean alive();

        /** Waits for it to end and returns its exit code. */
        int waitFor();

        void kill();
    }

    /** Starts a tool with stdout into {@code out} and stderr into {@code err}. */
    interface Launcher {
        Launched launch(List<String> command, Path out, Path err);
    }

    /** The measured window and the tool's exit code. */
    record Result(Window window, int exitCode) {
    }

    private final Time time;
    private final ProcessTable processes;
    private final Launcher launcher;
    private final long ticksPerSecond;

    Measurement(Time time, ProcessTable processes, Launcher launcher, long ticksPerSecond) {
        this.time = time;
        this.processes = processes;
        this.launcher = launcher;
        this.ticksPerSecond = ticksPerSecond;
    }

    /**
     * Runs {@code command} and measures it and the server's processes {@code serverPids} over the window
     * [{@code warm}, {@code warm + secs}] after it began; fails when it does not start, ends before the window
     * does, or exits with a code other than 0 or {@value #NOT_VALID}.
     */
    Result measure(String name, Pattern ready, List<String> command, Path dir, List<Long> serverPids, Duration warm,
            Duration secs) {
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        ServiceFiles.write(out, "");
        ServiceFiles.write(err, "");
        Launched tool = launcher.launch(command, out, err);
        Wait wait = Wait.of(time, READY_TIMEOUT, READY_POLL);
        if (!wait.until(() -> !tool.alive() || saidReady(ready, out, err)) || !saidReady(ready, out, err)) {
            tool.kill();
            tool.waitFor();
            throw CommandException.failed(name + " did not start:\n" + tails(err, out));
        }
        long began = time.nanoTime() - PROGRESS_DELAY.toNanos();
        sleepUntil(began + warm.toNanos());
        long fromMillis = time.epochMillis();
        OptionalLong client1 = processes.ownTicks(tool.pid());
        long server1 = processes.serverTicks(serverPids);
        sleepUntil(began + warm.toNanos() + secs.toNanos());
        long toMillis = time.epochMillis();
        OptionalLong client2 = processes.ownTicks(tool.pid());
        long server2 = processes.serverTicks(serverPids);
        long rssKiB = processes.peakResidentKiB(tool.pid()).orElse(0);
        int exit = tool.waitFor();
        if (client1.isEmpty() || client2.isEmpty()) {
            throw CommandException.failed(name + " ended before its window did:\n" + tails(err, out));
        }
        if (exit != 0 && exit != NOT_VALID) {
            throw CommandException.failed(name + " failed (exit " + exit + "):\n" + tails(err, out));
        }
        return new Result(new Window(client1.getAsLong(), client2.getAsLong(), server1, server2, fromMillis, toMillis,
                rssKiB, ticksPerSecond), exit);
    }

    private void sleepUntil(long nanos) {
        long left = nanos - time.nanoTime();
        if (left > 0) {
            time.sleep(Duration.ofNanos(left));
        }
    }

    private static boolean saidReady(Pattern ready, Path out, Path err) {
        return ready.matcher(ServiceFiles.read(out)).find() || ready.matcher(ServiceFiles.read(err)).find();
    }

    private static String tails(Path err, Path out) {
        return ServiceFiles.tail(ServiceFiles.lines(err), 5) + "\n" + ServiceFiles.tail(ServiceFiles.lines(out), 5);
    }
}
