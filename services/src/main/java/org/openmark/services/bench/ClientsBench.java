package org.openmark.services.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openmark.services.Services;
import org.openmark.services.ServicesSettings;
import org.openmark.services.server.CommandException;
import org.openmark.services.server.Console;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.Time;

/**
 * The method of {@code bin/bench clients} (bin/lib/bench-clients.sh runs the tools in turn and says which):
 * <pre>
 *   measure --tool openmark|openmark-closed|ycsb|pgbench|latte --label L --rate R [--name FILE] --ready REGEX
 *           --dir DIR --warm S --secs S --p99-bound-us N --service NAME [--pgbench-log PREFIX] -- COMMAND...
 *   redis-benchmark --dir DIR --service NAME --host H --port P --depth D --requests N --records R
 *           --update-script FILE --value V
 * </pre>
 * Each prints one line of figures, appends it to DIR/clients.txt and its row to DIR/clients.tsv. The server's
 * processes are the service's, as the services manager knows them. Exit 0 when the tool sustained the rate
 * (a run at full speed: when it was measured), 1 when not or when it could not be measured, 2 for bad input.
 * The only class of the benchmark that exits.
 */
public final class ClientsBench {
    private ClientsBench() {
    }

    public static void main(String[] args) {
        Console console = new Console(System.out, System.err, "bin/bench: ");
        System.exit(run(List.of(args), System.getenv(), console, Time.system()));
    }

    static int run(List<String> args, Map<String, String> env, Console console, Time time) {
        try {
            if (args.isEmpty()) {
                throw CommandException.badInput("a command is needed: measure or redis-benchmark");
            }
            Options options = Options.parse(args.subList(1, args.size()));
            Services services = new Services(ServicesSettings.fromEnvironment(env), console, time);
            List<Long> serverPids = services.pids(options.required("service"));
            Measurement measurement = new Measurement(time, ProcessTable.system(), ClientsBench::launch, ticksPerSecond());
            Path dir = Path.of(options.required("dir"));
            return switch (args.get(0)) {
                case "measure" -> measure(options, measurement, serverPids, dir, console);
                case "redis-benchmark" -> {
                    Figures figures = new RedisBenchmarkRun(ProcessTable.system(), time, ticksPerSecond())
                            .run(options, serverPids, dir);
                    report(figures, dir, console);
                    yield 0;
                }
                default -> throw CommandException.badInput("unknown command '" + args.get(0)
                        + "'; allowed: measure, redis-benchmark");
            };
        } catch (CommandException e) {
            console.info(e.getMessage());
            return e.exitCode();
        }
    }

    private static int measure(Options o, Measurement measurement, List<Long> serverPids, Path dir, Console console) {
        ToolKind kind = ToolKind.ofWord(o.required("tool"));
        String label = o.required("label");
        String rate = o.required("rate");
        String name = o.value("name").orElse(label + "-" + rate);
        Duration warm = Duration.ofSeconds(o.number("warm"));
        Duration secs = Duration.ofSeconds(o.number("secs"));
        Measurement.Result result = measurement.measure(name, Pattern.compile(o.required("ready"), Pattern.MULTILINE),
                o.command(), dir, serverPids, warm, secs);
        List<String> pgbenchLog = o.value("pgbench-log").map(ClientsBench::logLines).orElse(List.of());
        ToolKind.Reading reading = kind.read(new ToolKind.ToolOutput(ServiceFiles.read(dir.resolve(name + ".out")),
                ServiceFiles.read(dir.resolve(name + ".err")), pgbenchLog, result.window(), warm.toSeconds(),
                secs.toSeconds()));
        Figures figures = Figures.of(label, rate, reading.achievedPerSecond(), reading.p99Micros(), reading.operations(),
                result.window(), reading.note());
        report(figures, dir, console);
        if (kind == ToolKind.OPENMARK_CLOSED) {
            return 0;
        }
        return reading.clean() && Figures.sustained(Double.parseDouble(rate), reading.achievedPerSecond(),
                reading.p99Micros(), o.number("p99-bound-us")) ? 0 : 1;
    }

    /** Prints the figures' line and appends it to DIR/clients.txt, their row to DIR/clients.tsv. */
    static void report(Figures figures, Path dir, Console console) {
        console.result(figures.line());
        append(dir.resolve("clients.txt"), figures.line());
        append(dir.resolve("clients.tsv"), figures.tsvRow());
    }

    private static void append(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of every file PREFIX* (pgbench writes PREFIX.PID, and one file per thread). */
    private static List<String> logLines(String prefix) {
        Path p = Path.of(prefix);
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(p.toAbsolutePath().getParent())) {
            files.filter(f -> f.getFileName().toString().startsWith(p.getFileName().toString())).sorted()
                    .forEach(f -> lines.addAll(ServiceFiles.lines(f)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /** The kernel's clock ticks per second (getconf CLK_TCK; 100 on Linux when it cannot be asked). */
    private static long ticksPerSecond() {
        Processes.Output out = Processes.capture(List.of("getconf", "CLK_TCK"), Duration.ofSeconds(10));
        return out.ok() && out.text().strip().matches("\\d+") ? Long.parseLong(out.text().strip()) : 100;
    }

    private static Measurement.Launched launch(List<String> command, Path out, Path err) {
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            return new Measurement.Launched() {
                @Override
                public long pid() {
                    return p.pid();
                }

                @Override
                public boolean alive() {
                    return p.isAlive();
                }

                @Override
                public int waitFor() {
                    try {
                        return p.waitFor();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw CommandException.failed("interrupted while " + command.get(0) + " ran");
                    }
                }

                @Override
                public void kill() {
                    p.destroyForcibly();
                }
            };
        } catch (IOException e) {
            throw CommandException.failed("cannot run " + command.get(0) + ": " + e.getMessage());
        }
    }

    /** {@code --key value} pairs, then {@code --} and a command. */
    record Options(Map<String, String> values, List<String> command) {
        static Options parse(List<String> args) {
            Map<String, String> values = new HashMap<>();
            int i = 0;
            while (i < args.size() && !args.get(i).equals("--")) {
                String key = args.get(i);
                if (!key.startsWith("--") || i + 1 >= args.size()) {
                    throw CommandException.badInput("expected --OPTION VALUE at '" + key + "'");
                }
                values.put(key.substring(2), args.get(i + 1));
                i += 2;
            }
            return new Options(values, i < args.size() ? List.copyOf(args.subList(i + 1, args.size())) : List.of());
        }

        java.util.Optional<String> value(String key) {
            return java.util.Optional.ofNullable(values.get(key));
        }

        String required(String key) {
            return value(key).orElseThrow(() -> CommandException.badInput("--" + key + " is needed"));
        }

        long number(String key) {
            String v = required(key);
            if (!v.matches("\\d+")) {
                throw CommandException.badInput("--" + key + " " + v + ": must be a whole number");
            }
            return Long.parseLong(v);
        }

        @Override
        public List<String> command() {
            if (command.isEmpty()) {
                throw CommandException.badInput("the command to measure is needed after --");
            }
            return command;
        }
    }
}
