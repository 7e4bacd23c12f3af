package org.openmark.services.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.Time;

/**
 * redis-benchmark beside openmark's closed model: it has no rate, so it runs at full speed with D requests
 * outstanding on one connection ({@code -c 1 -P D}), the mix's two commands one after the other (HGETALL, and
 * the update's script through EVAL), N requests each. Its CPU is the whole process's (its start-up takes a
 * millisecond): the time of the children this process reaped, which redis-benchmark is, under /usr/bin/time
 * (which reports its peak memory). The achieved rate of the mix is the harmonic combination of the two.
 */
final class RedisBenchmarkRun {
    private static final Duration TIMEOUT = Duration.ofMinutes(30);

    private final ProcessTable processes;
    private final Time time;
    private final long ticksPerSecond;

    RedisBenchmarkRun(ProcessTable processes, Time time, long ticksPerSecond) {
        this.processes = processes;
        this.time = time;
        this.ticksPerSecond = ticksPerSecond;
    }

    Figures run(ClientsBench.Options o, List<Long> serverPids, Path dir) {
        long depth = o.number("depth");
        long requests = o.number("requests");
        String script = ServiceFiles.read(Path.of(o.required("update-script"))).strip();
        long self = ProcessHandle.current().pid();
        long clientTicks = 0;
        long serverTicks = 0;
        double inverseRates = 0;
        double p99 = 0;
        long fromMillis = time.epochMillis();
        for (String command : List.of("read", "update")) {
            List<String> args = command.equals("read") ? List.of("HGETALL", "user__rand_int__")
                    : List.of("EVAL", script, "1", "user__rand_int__", "field3", o.required("value"));
            String stem = "redis-benchmark-" + depth + "-" + command;
            List<String> line = new ArrayList<>(List.of("/usr/bin/time", "-f", "%M", "-o",
                    dir.resolve(stem + ".rss").toString(), "redis-benchmark", "-h", o.required("host"), "-p",
                    o.required("port"), "-c", "1", "-P", Long.toString(depth), "-n", Long.toString(requests), "-r",
                    o.required("records"), "--csv"));
            line.addAll(args);
            long server0 = processes.serverTicks(serverPids);
            long reaped0 = reapedTicks(self);
            Path csv = dir.resolve(stem + ".csv");
            // stdout is the CSV; Processes.run puts stderr in the same file, so the row is the last line
            int exit = Processes.run(line, csv, TIMEOUT);
            clientTicks += reapedTicks(self) - reaped0;
            serverTicks += processes.serverTicks(serverPids) - server0;
            if (exit != 0) {
                throw CommandException.failed("redis-benchmark " + command + " failed (exit " + exit + "):\n"
                        + ServiceFiles.tail(ServiceFiles.lines(csv), 5));
            }
            RedisBenchmarkCsv.Row row = RedisBenchmarkCsv.lastRow(ServiceFiles.read(csv));
            inverseRates += 1 / row.requestsPerSecond();
            p99 = Math.max(p99, row.p99Micros());
        }
        long rssKiB = Long.parseLong(ServiceFiles.read(dir.resolve("redis-benchmark-" + depth + "-read.rss")).strip()
                .replaceAll("(?s).*?(\\d+)\\s*$", "$1"));
        Window window = new Window(0, clientTicks, 0, serverTicks, fromMillis, time.epochMillis(), rssKiB, ticksPerSecond);
        return Figures.of("redis-benchmark -P " + depth, "-", 2 / inverseRates, OptionalDouble.of(p99), 2.0 * requests,
                window, " (HGETALL and the update's EVAL, " + requests + " each)");
    }

    private long reapedTicks(long pid) {
        return processes.stat(pid).map(s -> ProcessTable.Ticks.parse(s).reaped()).orElse(0L);
    }
}
