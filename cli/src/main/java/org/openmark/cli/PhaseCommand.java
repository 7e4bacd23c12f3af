package org.openmark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.report.YcsbExport;
import org.openmark.report.YcsbTextReport;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workloads;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** What {@code run} and {@code load} share: resolve the configuration, run, report. */
abstract class PhaseCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Mixin
    RunOptions options;

    @Mixin
    ClusterOptions cluster;

    @Mixin
    MetricsOptions metricsOptions;

    @Option(names = "--event", paramLabel = "AT:COMMAND", description = "Run a shell command AT after the measured"
            + " start (the end of the warm-up), e.g. --event 60s:'bin/openmark-services add-node cassandra'."
            + " Repeatable. Its start, end and exit code go to result.json and the text report, its output to"
            + " DIR/events/event-N.log, and report.html marks it on the plots over time.")
    java.util.List<String> events = new java.util.ArrayList<>();

    @Option(names = "--replace", description = "With --out: delete the files the directory's manifest"
            + " (.openmark-outputs) lists as another run's, and nothing else, before this one writes its own. Without"
            + " it a directory that holds another run's results is refused, so that no report stands beside another"
            + " run's result; a directory with files named as a run's but no manifest is refused even with it.")
    boolean replace;

    @Option(names = "--record-ops", paramLabel = "FILE", description = "Record every operation of the phase to FILE"
            + " (a compressed trace: intended, actual start and end, operation, table, key, fields, bytes, status,"
            + " client), e.g. --record-ops run.trace. Show it with bin/openmark trace show FILE, replay it with"
            + " bin/openmark replay FILE. Not with --cluster/--local-workers yet.")
    Path recordOps;

    @Option(names = "-load", description = "YCSB compatibility: run the load phase.")
    boolean loadFlag;

    @Option(names = "-t", description = "YCSB compatibility: run the transaction (run) phase.")
    boolean runFlag;

    abstract Phase defaultPhase();

    /** The result as this command reports it (a replay notes what it replayed). */
    RunResult finish(RunResult result) {
        return result;
    }

    /** The properties this command runs with, from those the options give (a replay sets its own). */
    Settings adjust(Settings settings, PrintStream err) {
        return settings;
    }

    /**
     * The phase: YCSB's {@code -load} and {@code -t} flags, else YCSB's {@code dotransactions}
     * property on {@code run} ({@code false} loads, as YCSB's client does), else the command's own.
     */
    private Phase phase(Settings settings, PrintStream err) {
        if (loadFlag || runFlag) {
            return loadFlag ? Phase.LOAD : Phase.RUN;
        }
        String doTransactions = settings.getString("dotransactions", null);
        if (doTransactions == null || defaultPhase() == Phase.LOAD) {
            return defaultPhase();
        }
        switch (doTransactions.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true":
                return Phase.RUN;
            case "false":
                err.println("openmark: dotransactions=false: the load phase runs, as with YCSB's client"
                        + " (bin/openmark load does the same)");
                return Phase.LOAD;
            default:
                throw org.openmark.config.ConfigException.of("dotransactions", doTransactions,
                        "must be true (the run phase) or false (the load phase)");
        }
    }

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintStream out = parent.out;
        PrintStream err = parent.err;
        Settings settings = adjust(options.settings(err), err);
        Phase phase = phase(settings, err);
        RunConfig cfg = RunConfigParser.parse(phase, settings, options.out, options.quiet);
        java.util.Optional<String> intoNowhere = TemporaryLoad.check(phase, cfg.store(), settings);
        YcsbExport export = YcsbExport.of(settings);
        java.util.List<org.openmark.event.EventSpec> eventSpecs = new java.util.ArrayList<>();
        for (String e : events) {
            eventSpecs.add(org.openmark.event.EventSpec.parse("--event", e));
        }
        if (!eventSpecs.isEmpty() && cluster.requested()) {
            throw org.openmark.config.ConfigException.of("--event", events.get(0), "is not available with"
                    + " --cluster/--local-workers yet: run the commands by hand, or in one process");
        }
        if (!eventSpecs.isEmpty() && cfg.virtualTime()) {
            throw org.openmark.config.ConfigException.of("--event", events.get(0), "needs --time real: a command"
                    + " runs in real time");
        }
        if (replace && cfg.output().outDir() == null) {
            throw org.openmark.config.ConfigException.of("--replace", "true", "replaces the results in --out DIR;"
                    + " give --out");
        }
        if (recordOps != null && cluster.requested()) {
            throw org.openmark.config.ConfigException.of("--record-ops", recordOps.toString(), "is not available with"
                    + " --cluster/--local-workers yet: record a run in one process");
        }
        java.util.List<Path> previous = cfg.output().outDir() == null ? java.util.List.of()
                : org.openmark.output.OutputDirectory.claim("--out", cfg.output().outDir(), replace, "--replace");
        StopSignal stop = new StopSignal();
        java.util.List<org.openmark.event.EventOutcome> eventOutcomes = null;
        org.openmark.event.NodeTrack nodeTrack = null;
        // Bound before anything is measured: a port in use is bad input, not a run lost at its end.
        try (LiveMetrics metrics = LiveMetrics.start(metricsOptions, err, Clock.system());
                Interruption interruption = Interruption.stopping(err, "stopping, waiting up to "
                + cfg.grace().toSeconds() + " s for outstanding operations, then writing the report",
                cfg.grace().plusSeconds(30), stop::stop)) {
            if (phase == Phase.LOAD) {
                refuseRunOnlyFlags();
            }
            RunResult result;
            java.util.List<IOException> failures = new java.util.ArrayList<>();
            if (cluster.requested() && cfg.virtualTime()) {
                throw org.openmark.config.ConfigException.of("--time", "virtual", "must be real with"
                        + " --cluster/--local-workers (virtual time runs in one process)");
            }
            if (cluster.requested()) {
                org.openmark.cluster.ClusterSession.Options opts = cluster.resolve();
                // Bad input is refused here, before any worker is contacted: the coordinator resolves
                // the workload and the store's properties exactly as a run in one process would.
                new Runner(StoreRegistry.discover(), Workloads::create, Clock.system(), Tasks.real(), stop, err)
                        .check(cfg);
                clear(cfg.output().outDir(), previous);
                org.openmark.cluster.ClusterRun clusterRun = new org.openmark.cluster.ClusterRun(opts, stop, err);
                metrics.watch(phase == Phase.LOAD ? "load" : "run", cfg, clusterRun);
                result = clusterRun.execute(cfg);
            } else {
                org.openmark.timing.Timing timing = cfg.virtualTime() ? org.openmark.timing.Timing.virtual()
                        : org.openmark.timing.Timing.real();
                Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, timing.clock(), timing.tasks(),
                        stop, err).beforeOutputs(dir -> clear(dir, previous));
                org.openmark.event.EventSchedule schedule = new org.openmark.event.EventSchedule(eventSpecs,
                        timing.clock(), org.openmark.event.CommandLauncher.shell(),
                        cfg.output().outDir() == null ? null : cfg.output().outDir().resolve("events"));
                // The phase starts right after its gate: the events are due from the end of the warm-up.
                java.util.List<org.openmark.output.IntervalSink> sinks = new java.util.ArrayList<>(
                        metrics.sinks(phase == Phase.LOAD ? "load" : "run", cfg));
                if (metrics.metrics() != null) {
                    schedule.watch(metrics.events(timing.clock()));
                }
                // Each interval's p99, to say when latency came back after each event
                org.openmark.event.LatencyTrack track = new org.openmark.event.LatencyTrack();
                // ... and what the store's nodes did after it (a node joining: when did it serve?)
                nodeTrack = new org.openmark.event.NodeTrack();
                if (!schedule.isEmpty()) {
                    sinks.add(track);
                    sinks.add(nodeTrack);
                }
                org.openmark.run.PhaseHooks hooks = schedule.isEmpty() && sinks.isEmpty()
                        ? org.openmark.run.PhaseHooks.NONE
                        : new org.openmark.run.PhaseHooks(sinks, schedule.isEmpty() ? () -> { }
                                : () -> schedule.start(timing.clock().nanoTime(), cfg.warmup().toNanos()));
                org.openmark.trace.TraceRecorder recorder = recordOps == null ? null
                        : org.openmark.trace.TraceRecorder.start("--record-ops", recordOps, traceHeader(cfg));
                try {
                    result = runner.execute(cfg, recorder == null ? hooks : hooks.withLog(recorder));
                    if (recorder != null) {
                        result = recorded(result, recorder.finish(result.interrupted()), err);
                        recorder = null;
                    }
                } finally {
                    if (recorder != null) {
                        // the phase failed: what was written stays, marked incomplete (no end mark), or, when
                        // no operation was written, nothing stays
                        recorder.close();
                        if (recorder.operationsWritten() == 0) {
                            java.nio.file.Files.deleteIfExists(recordOps);
                        }
                    }
                    if (!schedule.isEmpty()) {
                        eventOutcomes = schedule.finish(cfg.grace());
                    }
                }
                failures.addAll(runner.outputFailures());
                if (eventOutcomes != null) {
                    result = result.withEvents(nodeTrack.judge(track.judge(eventOutcomes)));
                }
            }
            if (intoNowhere.isPresent()) {
                result = result.withNotes(intoNowhere.get());
            }
            result = finish(result);
            metrics.phaseEnded(result);
            // The answer first, on stdout, before any result file: a full disk must not take it away.
            java.util.List<org.openmark.report.ReportLine> lines = YcsbTextReport.lines(result);
            out.print(export.forStdout(lines));
            out.flush();
            if (cfg.output().outDir() != null) {
                Path dir = cfg.output().outDir();
                RunResult written = result;
                write(failures, () -> AtomicFiles.writeString(dir.resolve("result.json"), JsonReport.render(written)));
                String nodesCsv = nodeTrack == null ? "" : nodeTrack.csv();
                if (!nodesCsv.isEmpty()) {
                    write(failures, () -> AtomicFiles.writeString(dir.resolve("nodes.csv"), nodesCsv));
                }
                write(failures, () -> AtomicFiles.writeString(dir.resolve("result.txt"),
                        org.openmark.report.YcsbExporter.TEXT.render(lines)));
                write(failures, () -> {
                    try {
                        org.openmark.report.html.HtmlReport.write(dir, written);
                    } catch (RuntimeException e) {
                        throw new IOException(dir.resolve("report.html") + ": " + e.getMessage() + " (not written)", e);
                    }
                });
                write(failures, () -> org.openmark.output.OutputDirectory.finish(dir,
                        org.openmark.output.RunId.of(written.startEpochMs(), written.seed())));
                err.println("openmark: results in " + dir.toAbsolutePath());
            }
            write(failures, () -> export.writeFile(lines));
            for (String w : result.warnings()) {
                err.println("openmark: warning: " + w);
            }
            for (org.openmark.event.EventOutcome e : result.events()) {
                if (!e.succeeded()) {
                    err.println("openmark: warning: event " + e.spec() + ": " + (e.exitCode() != null
                            ? "ended with exit code " + e.exitCode() : e.note()));
                }
            }
            if (!failures.isEmpty()) {
                // Every file that could not be written, named; the others are complete.
                for (IOException f : failures) {
                    err.println("openmark: I/O error: " + f.getMessage());
                }
                return Main.EXIT_FAILED;
            }
            if (result.interrupted()) {
                return Main.EXIT_INTERRUPTED;
            }
            if (!result.valid()) {
                // A script must not take a run the verdicts refused for a good one.
                err.println("openmark: the " + (phase == Phase.LOAD ? "load" : "run")
                        + " is not valid (the reasons are in the warnings and the report's Valid line)");
                return Main.EXIT_NOT_VALID;
            }
            return 0;
        }
    }

    /** What a trace of this run says of it at its start: the run's configuration, secrets masked. */
    private static org.openmark.trace.TraceHeader traceHeader(RunConfig cfg) {
        java.util.Map<String, String> masked = new java.util.TreeMap<>();
        cfg.recordedProperties().forEach((k, v) -> masked.put(k, org.openmark.api.Secrets.shown(k, v)));
        return new org.openmark.trace.TraceHeader(org.openmark.trace.TraceHeader.FORMAT_VERSION,
                org.openmark.run.OpenmarkVersion.current(), cfg.phase().name().toLowerCase(java.util.Locale.ROOT),
                cfg.store(), cfg.seed(), cfg.virtualTime() ? "virtual" : "real", masked);
    }

    /** The result, with a note of the trace written and a warning when operations could not be kept in it. */
    private RunResult recorded(RunResult result, org.openmark.trace.TraceEnd end, PrintStream err) {
        err.println("openmark: " + String.format(java.util.Locale.ROOT, "%,d", end.operations())
                + " operations recorded in " + recordOps);
        if (end.dropped() == 0) {
            return result;
        }
        java.util.List<String> warnings = new java.util.ArrayList<>(result.warnings());
        warnings.add(String.format(java.util.Locale.ROOT, "--record-ops: %,d operations are not in the trace %s: its"
                + " writer fell behind by more than its buffer (the run did not wait for it)", end.dropped(), recordOps));
        return result.withVerdict(warnings, result.valid(), result.outages());
    }

    /** A write of a result file; a failure (naming its file) is kept, and the next file is still written. */
    @FunctionalInterface
    private interface Write {
        void run() throws IOException;
    }

    private static void write(java.util.List<IOException> failures, Write w) {
        try {
            w.run();
        } catch (IOException e) {
            failures.add(e);
        }
    }

    /** Deletes what another run wrote into {@code dir} ({@code --replace}), once this one is about to write. */
    private static void clear(Path dir, java.util.List<Path> previous) {
        try {
            org.openmark.output.OutputDirectory.clear(dir, previous);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(new IOException("--replace: cannot delete the previous run's files in "
                    + dir + ": " + e.getMessage(), e));
        }
    }

    /**
     * Flags the load phase would silently ignore: it inserts every record once with {@code -threads}
     * client threads (paced by {@code -target}), with no time limit and no warm-up.
     */
    private void refuseRunOnlyFlags() {
        String why = "the load phase inserts every record once with -threads client threads (-target paces"
                + " them), without a duration or warm-up; this flag applies to run";
        if (options.rate != null) {
            throw org.openmark.config.ConfigException.of("--rate", RunOptions.text(options.rate), why);
        }
        if (options.rateSchedule != null) {
            throw org.openmark.config.ConfigException.of("--rate-schedule", options.rateSchedule, why);
        }
        if (options.arrival != null) {
            throw org.openmark.config.ConfigException.of("--arrival", options.arrival, why);
        }
        if (options.maxInFlight != null) {
            throw org.openmark.config.ConfigException.of("--max-in-flight", String.valueOf(options.maxInFlight), why);
        }
        if (options.onOverload != null) {
            throw org.openmark.config.ConfigException.of("--on-overload", options.onOverload, why);
        }
        if (options.maxSendLag != null) {
            throw org.openmark.config.ConfigException.of("--max-send-lag", options.maxSendLag, why);
        }
        if (options.duration != null) {
            throw org.openmark.config.ConfigException.of("--duration", options.duration, why);
        }
        if (options.warmup != null) {
            throw org.openmark.config.ConfigException.of("--warmup", options.warmup, why);
        }
        if ("open".equalsIgnoreCase(options.model)) {
            throw org.openmark.config.ConfigException.of("--model", options.model, why);
        }
    }
}
