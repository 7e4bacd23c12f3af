package org.openmark.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.compare.RunData;
import org.openmark.config.Settings;
import org.openmark.load.Arrivals;
import org.openmark.measure.Percentiles;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.report.html.ExperimentHtml;
import org.openmark.run.OpResult;
import org.openmark.run.ModelChoice;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunProperties;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.Workloads;

/**
 * Section 5.1 of Friedrich, Wingerath, Ritter, "Coordinated Omission in NoSQL Database
 * Benchmarking" (BTW 2017) on the simulated store: a constant target rate against a store with
 * a throughput limit and one hiccup, measured by the open model and by the closed model with
 * several thread counts (raw and intended latencies).
 */
public final class CoordinatedOmissionExperiment {
    /** The interval of each run's latency.hlog: fine enough to draw the hiccup and the backlog draining. */
    static final long REPORT_INTERVAL_MS = 250;

    private final ExperimentConfig cfg;
    private final PrintStream err;
    private final StopSignal stop;
    private final RowRunner rows;
    /** What every row runs but its load model, resolved with the first row. */
    private RunConfig common;
    /** What the first run measured: the store, its facts and model, the clock, the properties. */
    private org.openmark.report.Measured measured;

    /**
     * Runs one row's phase. In one process it opens the simulated store in-process; over a cluster
     * it serves the row's simulated store to the workers and runs the phase on them.
     */
    @FunctionalInterface
    public interface RowRunner {
        RunResult run(RunConfig rowConfig) throws InterruptedException, IOException;
    }

    /** The experiment in this process, in real or virtual time as {@code cfg} says. */
    public CoordinatedOmissionExperiment(ExperimentConfig cfg, StoreRegistry stores, Runner.WorkloadFactory workloads,
            StopSignal stop, PrintStream err) {
        this(cfg, stop, err, rc -> {
            Timing timing = cfg.virtualTime() ? Timing.virtual() : Timing.real();
            return new Runner(stores, workloads, timing.clock(), timing.tasks(), stop,
                    new PrintStream(PrintStream.nullOutputStream())).execute(rc);
        });
    }

    /** The experiment with each row run by {@code rows}. */
    public CoordinatedOmissionExperiment(ExperimentConfig cfg, StopSignal stop, PrintStream err, RowRunner rows) {
        this.cfg = cfg;
        this.stop = stop;
        this.err = err;
        this.rows = rows;
    }

    /** Runs every approach and returns the rows in order. */
    public List<ExperimentRun> run() throws InterruptedException, IOException {
        List<ExperimentRun> rows = new ArrayList<>();
        RunResult open = runOne("open", 0);
        rows.add(new ExperimentRun("open", 0, latency(open, true), open.valid(), reason(open)));
        for (int threads : cfg.threads()) {
            if (stop.isStopped()) {
                break;
            }
            RunResult closed = runOne("closed", threads);
            rows.add(new ExperimentRun("closed", threads, latency(closed, false), closed.valid(), reason(closed)));
            rows.add(new ExperimentRun("closed-intended", threads, latency(closed, true), closed.valid(),
                    reason(closed)));
        }
        return rows;
    }

    /**
     * What every row runs, resolved once from the experiment's parameters: the simulated store with the
     * experiment's throughput limit, hiccup and latency, and YCSB's core workload updating one small field
     * of 1000 records, for {@code ops} operations. A row adds its load model ({@link #row}).
     */
    private RunConfig common() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(RunProperties.STORE, "sim");
        // the simulated store's own properties (its module's names: core does not depend on it)
        p.put("sim.maxthroughput", fmt(cfg.maxThroughput()));
        p.put("sim.hiccups", cfg.hiccupAt().toMillis() + "ms:" + cfg.hiccup().toMillis() + "ms");
        p.put("sim.latency", cfg.clientLatency());
        p.put("sim.seed", String.valueOf(cfg.seed()));
        p.put(RunProperties.AUTOLOAD, String.valueOf(false));
        p.put(WorkloadProperties.WORKLOAD, Workloads.DEFAULT);
        p.put(WorkloadProperties.RECORD_COUNT, "1000");
        p.put(WorkloadProperties.OPERATION_COUNT, String.valueOf(cfg.ops()));
        p.put(WorkloadProperties.READ_PROPORTION, "0");
        p.put(WorkloadProperties.UPDATE_PROPORTION, "1");
        p.put(WorkloadProperties.REQUEST_DISTRIBUTION, "uniform");
        p.put(WorkloadProperties.FIELD_COUNT, "1");
        p.put(WorkloadProperties.FIELD_LENGTH, "16");
        p.put(RunProperties.SEED, String.valueOf(cfg.seed()));
        p.put(RunProperties.GRACE, "120s");
        // The hiccup is the experiment: a run is not invalid because the store stalled in it.
        p.put(RunProperties.MAX_STALL, "100%");
        p.put(RunProperties.STATUS_INTERVAL, "10");
        p.put(RunProperties.GRANULARITY, String.valueOf(REPORT_INTERVAL_MS));
        return RunConfigParser.parse(Phase.RUN, Settings.of(p), null, true);
    }

    /** A row's run: the open model at the experiment's rate ({@code threads} 0), or the closed model paced to it. */
    RunConfig row(int threads, Path dir) {
        if (common == null) {
            common = common();
        }
        RunConfigBuilder b = RunConfigBuilder.parent(common).outDir(dir);
        if (threads == 0) {
            // Never waits for a slot: four times the backlog one hiccup builds, however long the
            // store takes to drain it (a bound, not a reservation, but the heap must hold it).
            b.model(ModelChoice.OPEN).ratePerSec(cfg.rate())
                    .arrival(Arrivals.parse(RunProperties.ARRIVAL, cfg.arrival()))
                    .maxInFlight(Math.toIntExact(Math.max(10_000, (long) Math.ceil(4 * cfg.rate()
                            * (cfg.hiccup().toMillis() / 1000.0 + 1)))));
        } else {
            b.model(ModelChoice.CLOSED).threads(threads).targetPerSec(cfg.rate());
        }
        return b.build();
    }

    private RunResult runOne(String approach, int threads) throws InterruptedException, IOException {
        Path dir = cfg.out() == null ? null : cfg.out().resolve(threads == 0 ? approach : approach + "-" + threads);
        RunConfig rc = row(threads, dir);
        err.println("experiment: " + (threads == 0 ? "open model" : "closed model, " + threads + " threads") + " ...");
        RunResult r = rows.run(rc);
        if (measured == null) {
            org.openmark.report.Measured m = org.openmark.report.Measured.of(r);
            measured = new org.openmark.report.Measured(m.openmarkVersion(), m.store(), m.storeFacts(),
                    "the open model, and the closed model with " + cfg.threads() + " threads; each run's own in its"
                    + " result.json", m.clock(), m.seeds(), m.properties());
        }
        if (dir != null) {
            AtomicFiles.writeString(dir.resolve("result.json"), JsonReport.render(r));
        }
        return r;
    }

    private static String reason(RunResult r) {
        if (r.valid()) {
            return "";
        }
        return r.warnings().isEmpty() ? (r.interrupted() ? "interrupted" : "the run was not valid")
                : String.join("; ", r.warnings());
    }

    private static Histogram latency(RunResult r, boolean fromIntendedStart) {
        Histogram h = org.openmark.measure.Measurements.newHistogram();
        for (OpResult op : r.operations()) {
            if (op.dataCheck()) {
                continue; // the checks of what reads returned (dataintegrity) are no operation's latency
            }
            h.add(fromIntendedStart ? op.okResponse() : op.okService());
            h.add(fromIntendedStart ? op.failedResponse() : op.failedService());
        }
        return h;
    }

    /** The table printed at the end: approach, threads, mean, p50, p90, p99, p99.9, max in ms. */
    public static String table(List<ExperimentRun> rows) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-16s %7s %10s %10s %10s %10s %10s %10s  %s%n", "approach", "threads",
                "mean(ms)", "p50(ms)", "p90(ms)", "p99(ms)", "p99.9(ms)", "max(ms)", "valid"));
        for (ExperimentRun r : rows) {
            Histogram h = r.latency();
            b.append(String.format(Locale.ROOT, "%-16s %7s %10.2f %10.2f %10.2f %10.2f %10.2f %10.2f  %s%n", r.approach(),
                    r.threads() == 0 ? "-" : String.valueOf(r.threads()), h.getMean() / 1000,
                    h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(90) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0, h.getValueAtPercentile(99.9) / 1000.0,
                    h.getMaxValue() / 1000.0, r.valid() ? "yes" : "NO"));
        }
        return b.toString();
    }

    /**
     * report.html: the rows drawn from what their runs wrote under {@code --out} (each run's
     * latency.hlog for the latency over time), with the prediction beside them.
     */
    public String html(List<ExperimentRun> rows, Histogram prediction) throws IOException {
        if (cfg.out() == null) {
            throw new IllegalStateException("the report needs the runs' files: no --out");
        }
        List<ExperimentHtml.Row> drawn = new ArrayList<>();
        for (ExperimentRun r : rows) {
            RunData run = RunData.read(cfg.out().resolve(r.threads() == 0 ? "open" : "closed-" + r.threads()));
            Map<String, List<Histogram>> byOperation = r.approach().equals("closed") ? run.service() : run.response();
            int n = run.intervalCount();
            double[] ends = new double[n];
            double[] max = new double[n];
            for (int i = 0; i < n; i++) {
                ends[i] = run.intervals().get(i).endSeconds();
                for (List<Histogram> intervals : byOperation.values()) {
                    max[i] = Math.max(max[i], intervals.get(i).getMaxValue());
                }
            }
            drawn.add(new ExperimentHtml.Row(r.approach(), r.threads(), r.latency(), r.valid(), r.invalidReason(),
                    ends, max));
        }
        double interval = REPORT_INTERVAL_MS / 1000.0;
        ExperimentHtml.Prediction predicted = new ExperimentHtml.Prediction(prediction, interval,
                HiccupPrediction.maxWaitPerInterval(cfg.rate(), cfg.ops(), cfg.maxThroughput(), seconds(cfg.hiccupAt()),
                        seconds(cfg.hiccup()), interval),
                HiccupPrediction.affectedRequests(cfg.rate(), cfg.maxThroughput(), seconds(cfg.hiccup())));
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("rate", fmt(cfg.rate()) + " ops/s, " + cfg.arrival() + " arrivals");
        shown.put("operations", String.valueOf(cfg.ops()));
        shown.put("store's capacity", fmt(cfg.maxThroughput()) + " ops/s");
        shown.put("hiccup", cfg.hiccup().toMillis() + " ms after " + cfg.hiccupAt().toMillis() + " ms");
        shown.put("store latency", cfg.clientLatency());
        shown.put("closed-model threads", cfg.threads().toString());
        shown.put("time", cfg.virtualTime() ? "virtual" : "real");
        shown.put("seed", String.valueOf(cfg.seed()));
        if (measured != null) {
            shown.put("store", measured.store() + " (" + measured.storeFacts().getOrDefault("model", "") + ")");
            shown.put("openmark", measured.openmarkVersion());
        }
        return ExperimentHtml.render(shown, drawn, predicted);
    }

    private static double seconds(java.time.Duration d) {
        return d.toNanos() / 1e9;
    }

    /**
     * experiment.json: the parameters, the prediction and every run's latency summary (µs);
     * {@code interrupted} when Ctrl-C/SIGTERM stopped it (the rows are those run so far).
     */
    public String json(List<ExperimentRun> rows, Histogram prediction) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "coordinated-omission");
        m.put("interrupted", stop.isStopped());
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rate", cfg.rate());
        params.put("ops", cfg.ops());
        params.put("maxThroughput", cfg.maxThroughput());
        params.put("hiccupAtMs", cfg.hiccupAt().toMillis());
        params.put("hiccupMs", cfg.hiccup().toMillis());
        params.put("clientLatency", cfg.clientLatency());
        params.put("arrival", cfg.arrival());
        params.put("threads", cfg.threads());
        params.put("time", cfg.virtualTime() ? "virtual" : "real");
        params.put("seed", cfg.seed());
        m.put("parameters", params);
        m.put("measured", measured == null ? null : measured.toMap());
        m.put("predictionOpenUs", summary(prediction));
        List<Map<String, Object>> runs = new ArrayList<>();
        for (ExperimentRun r : rows) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("approach", r.approach());
            row.put("threads", r.threads());
            row.put("latencyUs", summary(r.latency()));
            row.put("valid", r.valid());
            if (!r.valid()) {
                row.put("invalidReason", r.invalidReason());
            }
            runs.add(row);
        }
        m.put("runs", runs);
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Number> summary(Histogram h) {
        Map<String, Number> s = new LinkedHashMap<>();
        Map<String, Number> all = Percentiles.summary(h);
        for (String k : List.of("mean", "p50", "p90", "p99", "p999", "max")) {
            s.put(k, all.get(k));
        }
        return s;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
