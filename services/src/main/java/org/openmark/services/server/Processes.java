package org.openmark.services.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Processes seen through /proc, and tools run to completion with their output in a file. */
public final class Processes {
    /** What {@link #run} returns when the tool did not finish in time (it was killed). */
    public static final int TIMED_OUT = -1;

    private Processes() {
    }

    /**
     * True when process {@code pid} has exited. A zombie counts as gone: a daemon started by a manager
     * that has exited is left to an init that may never reap it.
     */
    public static boolean gone(long pid) {
        try {
            return isGoneOrZombie(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return true;
        }
    }

    /** True when a /proc/PID/stat line is a zombie's ("Z" after the command in parentheses). */
    static boolean isGoneOrZombie(String stat) {
        int close = stat.lastIndexOf(") ");
        return close < 0 || stat.startsWith("Z", close + 2);
    }

    /** The process's command line, its arguments separated by spaces, or empty when it is gone. */
    public static Optional<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return Optional.of(new String(raw, StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Kills {@code pid} at once (SIGKILL) and waits up to {@code timeout} for it to be gone. */
    public static void kill(long pid, Time time, Duration timeout) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        Wait.of(time, timeout, Duration.ofMillis(100)).until(() -> gone(pid));
    }

    /**
     * Asks {@code pid} to end (SIGTERM) and waits up to {@code timeout} for it to be gone; kills it (SIGKILL)
     * when it is not.
     */
    public static void terminate(long pid, Time time, Duration timeout) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        if (!Wait.of(time, timeout, Duration.ofMillis(100)).until(() -> gone(pid))) {
            kill(pid, time, timeout);
        }
    }

    /**
     * Starts {@code command} in the background, in a session of its own (setsid: a Ctrl-C meant for the
     * terminal that started it does not reach it), its output appended to {@code log}, stdin empty; returns
     * its process id. A server never writes to a pipe of ours: a daemon that inherits one keeps it open.
     */
    public static long launch(List<String> command, Path log) {
        List<String> detached = new java.util.ArrayList<>();
        if (Packages.onPath("setsid").isPresent()) {
            // not a process group leader, setsid execs the command in its own process: the pid is the server's
            detached.add("setsid");
        }
        detached.addAll(command);
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(detached)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
            return process.pid();
        } catch (IOException e) {
            throw CommandException.failed("cannot start " + command.get(0) + ": " + e.getMessage());
        }
    }

    /**
     * Runs {@code command} with stdout and stderr into {@code output} (stdin empty) and returns its
     * exit code, or {@link #TIMED_OUT} after killing it when it ran longer than {@code timeout}.
     */
    public static int run(List<String> command, Path output, Duration timeout) {
        return run(command, Map.of(), output, timeout);
    }

    /** Runs {@code command} as {@link #run(List, Path, Duration)} does, with {@code env} added to its environment. */
    public static int run(List<String> command, Map<String, String> env, Path output, Duration timeout) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(env);
            Process process = builder
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                return TIMED_OUT;
            }
            return process.exitValue();
        } catch (IOException e) {
            throw CommandException.failed("cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CommandException.failed("interrupted while running " + command.get(0));
        }
    }

    /** Runs {@code command} as {@link #run} does and returns what it printed (stdout and stderr). */
    public static Output capture(List<String> command, Duration timeout) {
        return capture(command, Map.of(), timeout);
    }

    /** Runs {@code command} with {@code env} added to its environment and returns what it printed. */
    public static Output capture(List<String> command, Map<String, String> env, Duration timeout) {
        try {
            Path file = Files.createTempFile("openmark-services", ".out");
            try {
                int exit = run(command, env, file, timeout);
                return new Output(exit, Files.readString(file, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw CommandException.failed("cannot run " + command.get(0) + ": " + e.getMessage());
        }
    }

    /** A tool's exit code and its output. */
    public record Output(int exitCode, String text) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** True when this process runs as root (it may install Debian packages). */
    public static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Uid:"))
                    .anyMatch(l -> l.split("\\s+")[1].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }
}
