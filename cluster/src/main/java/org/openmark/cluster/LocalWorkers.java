package org.openmark.cluster;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openmark.api.Clock;

/**
 * Worker JVMs on this machine, on loopback ({@code run --local-workers N}): started with this
 * process's Java and class path, each with its output in a log file, and stopped afterwards.
 */
public final class LocalWorkers {
    /** The command line that starts one worker, up to (not including) {@code --join ADDRESS}. */
    @FunctionalInterface
    public interface Launcher {
        List<String> command(int index);
    }

    private final List<Process> processes = new ArrayList<>();
    private final List<Path> logs = new ArrayList<>();
    private final Clock clock;
    private final Path dir;
    private final PrintStream err;

    private LocalWorkers(Clock clock, Path dir, PrintStream err) {
        this.clock = clock;
        this.dir = dir;
        this.err = err;
    }

    /**
     * Starts workers with the running JVM's java binary and class path: {@code java OPTIONS -cp
     * CLASSPATH mainClass worker}. Options come from {@code OPENMARK_WORKER_JAVA_OPTS} (split at
     * spaces), else a modest heap.
     */
    public static Launcher sameJvm(String mainClass) {
        return sameJvm(mainClass, null);
    }

    /**
     * As {@link #sameJvm(String)}, each worker given {@code secretFile} (the coordinator's
     * {@code --cluster-secret-file}, or null).
     */
    public static Launcher sameJvm(String mainClass, Path secretFile) {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = System.getProperty("java.class.path");
        String env = System.getenv("OPENMARK_WORKER_JAVA_OPTS");
        List<String> options = env == null || env.isBlank() ? List.of("-Xms256m", "-Xmx1g")
                : List.of(env.trim().split("\\s+"));
        return index -> {
            List<String> cmd = new ArrayList<>();
            cmd.add(java);
            cmd.add("--enable-native-access=ALL-UNNAMED");
            if (Runtime.version().feature() >= 23) {
                cmd.add("--sun-misc-unsafe-memory-access=allow"); // Pekko still uses sun.misc.Unsafe
            }
            cmd.addAll(options);
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(mainClass);
            cmd.add("worker");
            if (secretFile != null) {
                cmd.add("--cluster-secret-file");
                cmd.add(secretFile.toAbsolutePath().toString());
            }
            return cmd;
        };
    }

    /**
     * Starts {@code count} workers that join {@code address} on loopback, with the coordinator's
     * Pekko configuration file (TLS, the failure detector's settings) when it has one, so what a
     * deployment will use can be tried on one machine; {@code clock} times their stop.
     */
    static LocalWorkers start(Launcher launcher, int count, String address, Path pekkoConfig, PrintStream err,
            Clock clock) throws IOException {
        Path dir = Files.createTempDirectory("openmark-local-workers-");
        LocalWorkers w = new LocalWorkers(clock, dir, err);
        for (int i = 0; i < count; i++) {
            List<String> cmd = new ArrayList<>(launcher.command(i));
            cmd.add("--join");
            cmd.add(address);
            cmd.add("--bind");
            cmd.add("127.0.0.1:0");
            if (pekkoConfig != null) {
                cmd.add("--cluster-config");
                cmd.add(pekkoConfig.toAbsolutePath().toString());
            }
            // a worker that loses its coordinator writes its partial result here, beside its log, not in the cwd
            cmd.add("--out");
            cmd.add(dir.resolve("worker-" + (i + 1)).toString());
            Path log = dir.resolve("worker-" + (i + 1) + ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            w.processes.add(p);
            w.logs.add(log);
        }
        List<String> pids = new ArrayList<>();
        for (int i = 0; i < w.processes.size(); i++) {
            pids.add("worker-" + (i + 1) + ".log: pid " + w.processes.get(i).pid());
        }
        err.println("openmark cluster: started " + count + " local worker JVM(s); their output is in " + dir + " ("
                + String.join(", ", pids) + "; the run names workers in the order they join, with their pid)");
        return w;
    }

    /** The worker processes, in order (tests kill one). */
    public List<Process> processes() {
        return List.copyOf(processes);
    }

    /** A message when a worker process has ended (before the run could use it), else null. */
    String deadBeforeJoining() {
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            if (!p.isAlive()) {
                return "local worker " + (i + 1) + " ended with exit code " + p.exitValue() + " before it joined: "
                        + tail(logs.get(i));
            }
        }
        return null;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no output)";
        }
    }

    /**
     * Waits for the workers to end on their own, then ends the ones still running. Their directory
     * (logs, and each worker's own interval log, whose sum the merged log is) stays when {@code
     * keep} (a run that writes its results, to check them against), or when a worker failed or
     * wrote a partial result, and the user is told where; otherwise it goes.
     */
    void stop(Duration wait, boolean keep) {
        endAll(wait);
        boolean clean = processes.stream().allMatch(p -> !p.isAlive() && p.exitValue() == 0) && !partialResult();
        if (keep || !clean) {
            err.println("openmark cluster: the local workers' logs and own interval logs stay in " + dir
                    + (clean ? "" : " (a worker failed or lost its coordinator)"));
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            err.println("openmark cluster: could not remove " + dir + ": " + e.getMessage());
        }
    }

    /** True when a worker wrote the partial result of a run whose coordinator it lost. */
    private boolean partialResult() {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().equals("result.json"));
        } catch (IOException e) {
            return true;
        }
    }

    private void endAll(Duration wait) {
        long deadline = clock.nanoTime() + wait.toNanos();
        for (Process p : processes) {
            try {
                long left = deadline - clock.nanoTime();
                if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                    p.destroy();
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                    }
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The class path separator, for launchers built by hand. */
    static String pathSeparator() {
        return File.pathSeparator;
    }
}
