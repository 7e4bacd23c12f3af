package org.openmark.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunProperties;
import org.openmark.trace.ReplaySettings;
import org.openmark.trace.TraceFileFormat;
import org.openmark.trace.TraceSummary;
import org.openmark.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code openmark replay TRACE}: the trace's operations issued again under the open model, each at its
 * recorded intended start ({@code workload=trace}), with the run's outputs. The run's own properties
 * come from the trace: the workload, the model, the rate (the trace's mean) and the operation count.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay a trace (written by run --record-ops, or a plain CSV of your own) against a store: every operation at its recorded"
                + " intended time, open-loop, latency from the intended start; the same reports as run.",
            "Example: bin/openmark replay run.trace --store memory --speed 2 --out replayed/"})
final class ReplayCommand extends PhaseCommand {
    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace file to replay.")
    Path trace;

    @Option(names = "--speed", paramLabel = "X", description = "Replay X times as fast as recorded (every gap"
            + " divided by X): 2 halves them, 0.5 doubles them (default 1).")
    Double speed;

    @Option(names = "--format", paramLabel = "FORMAT", description = "How TRACE is read: openmark (written by"
            + " --record-ops), csv (a plain CSV with a header row: time, op, key, and optionally table, fields, bytes,"
            + " scan_length; see docs/traces.md), or auto (default: openmark's when the file begins as one, csv"
            + " otherwise).")
    String format;

    /** Said in the report: what was replayed. */
    private String replayNote;

    @Override
    org.openmark.run.RunResult finish(org.openmark.run.RunResult result) {
        return replayNote == null ? result : result.withNotes(replayNote);
    }

    @Override
    Phase defaultPhase() {
        return Phase.RUN;
    }

    @Override
    Settings adjust(Settings settings, PrintStream err) {
        if (loadFlag) {
            throw ConfigException.of("-load", "true", "a replay runs the trace's operations (the run phase)");
        }
        if (cluster.requested()) {
            throw ConfigException.of(cluster.cluster != null ? "--cluster" : cluster.workers != null ? "--workers"
                    : "--local-workers", String.valueOf(cluster.cluster != null ? cluster.cluster
                    : cluster.workers != null ? cluster.workers : cluster.localWorkers),
                    "a trace is replayed by one process (its one schedule)");
        }
        if (options.model != null && !"open".equalsIgnoreCase(options.model)) {
            throw ConfigException.of("--model", options.model, "a replay runs the open model: each operation at its"
                    + " recorded time");
        }
        if (options.rate != null || options.rateSchedule != null || options.arrival != null) {
            throw ConfigException.of(options.rate != null ? "--rate" : options.rateSchedule != null
                    ? "--rate-schedule" : "--arrival", String.valueOf(options.rate != null ? options.rate
                    : options.rateSchedule != null ? options.rateSchedule : options.arrival),
                    "a replay keeps the trace's own times (--speed scales them)");
        }
        if (options.onOverload != null && !"wait".equalsIgnoreCase(options.onOverload)) {
            throw ConfigException.of("--on-overload", options.onOverload, "a replay issues every operation of the"
                    + " trace: only wait");
        }
        if (recordOps != null && recordOps.toAbsolutePath().normalize().equals(trace.toAbsolutePath().normalize())) {
            throw ConfigException.of("--record-ops", recordOps.toString(), "is the trace being replayed: recording"
                    + " would replace it before it is read; give the replay's own trace another name");
        }
        double x = speed == null ? ReplaySettings.DEFAULT_SPEED : speed;
        if (!(x > 0) || Double.isInfinite(x)) {
            throw ConfigException.of("--speed", String.valueOf(speed), "must be a number > 0 (2 replays twice as fast)");
        }
        TraceFileFormat fileFormat = format == null ? TraceFileFormat.AUTO : TraceFileFormat.parse("--format", format);
        TraceSummary summary = TraceSummary.of(trace, fileFormat, x);
        replayNote = String.format(Locale.ROOT, "replay of %s: its %,d operations, each at its recorded intended start%s"
                + " (the model's arrival process and rate are not drawn: %.0f/s is the trace's mean)", trace,
                summary.operations(), x == 1 ? "" : " over " + x + " (--speed)", summary.meanRatePerSec());
        if (summary.operations() == 0) {
            throw ConfigException.of("TRACE", trace.toString(), "holds no operation a replay can issue"
                    + (summary.left().isEmpty() ? "" : " (left out: " + summary.left() + ")"));
        }
        if (!summary.left().isEmpty()) {
            err.println("openmark: replay: left out, as they are not one store call on one record: " + summary.left());
        }
        Map<String, String> m = new LinkedHashMap<>(settings.asMap());
        if (options.propertyFiles.isEmpty()) {
            // the bundled workload a bare run reads says what a synthetic workload does: nothing of a replay's
            Map<String, String> given = PropertySources.pairs(options.properties);
            PropertySources.read(java.util.List.of(PropertySources.DEFAULT_WORKLOAD), java.util.List.of()).keySet()
                    .forEach(name -> {
                        if (!given.containsKey(name)) {
                            m.remove(name);
                        }
                    });
        }
        // the trace's seed (openmark's own traces: a CSV has none), unless one is given: its values, and in virtual time its whole result, come out the same
        if (summary.header().formatVersion() > 0 && options.seed == null && !PropertySources.pairs(options.properties).containsKey(RunProperties.SEED)) {
            m.put(RunProperties.SEED, Long.toString(summary.header().seed()));
        }
        m.put(Workloads.PROPERTY, "trace");
        m.put(ReplaySettings.FILE, trace.toString());
        m.put(TraceFileFormat.PROPERTY, fileFormat.toString());
        m.put(ReplaySettings.SPEED, Double.toString(x));
        m.put(RunProperties.MODEL, "open");
        m.put(RunProperties.RATE, String.format(Locale.ROOT, "%.6f", summary.meanRatePerSec()));
        m.put(RunProperties.OPERATION_COUNT, Long.toString(summary.operations()));
        // the trace's length ends the replay, not the bare run's default duration (a --duration given cuts it)
        if (options.duration == null) {
            m.remove(RunProperties.DURATION);
            if (options.warmup == null) {
                m.remove(RunProperties.WARMUP);
            }
        }
        // the store holds what it holds: a replay loads nothing (--load-missing is to come)
        m.put(RunProperties.AUTOLOAD, "false");
        return Settings.of(m);
    }
}
