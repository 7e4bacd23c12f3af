package org.openmark.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import org.openmark.config.Durations;
import org.openmark.experiment.CoordinatedOmissionExperiment;
import org.openmark.experiment.ExperimentConfig;
import org.openmark.experiment.ExperimentRun;
import org.openmark.experiment.HiccupPrediction;
import org.openmark.output.AtomicFiles;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code openmark experiment coordinated-omission}: Friedrich et al. 2017, Section 5.1, on the simulated store. */
@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduce a published experiment on the simulated store.",
            "coordinated-omission: constant 1000 ops/s, 90,000 operations, lambda_max 1250 ops/s, one 1 s hiccup"
                    + " after 30 s; open model vs closed model with 1..256 threads (raw and intended latencies).",
            "Example: bin/openmark experiment coordinated-omission --quick --out results/co"})
final class ExperimentCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Parameters(index = "0", paramLabel = "NAME", description = "The experiment: coordinated-omission.")
    String name;

    @Option(names = "--quick", description = "A scaled version: 20,000 operations, hiccup after 6 s, threads 1,4,16,64.")
    boolean quick;

    @Option(names = "--time", paramLabel = "real|virtual", description = "real (default; takes as long as the"
            + " simulated load) or virtual (simulated time: exact, seconds of CPU; the default with --quick).")
    String time;

    @Option(names = "--rate", paramLabel = "OPS", description = "Target rate (default 1000).")
    Double rate;

    @Option(names = "--ops", paramLabel = "N", description = "Operations per run (default 90000).")
    Long ops;

    @Option(names = "--max-throughput", paramLabel = "OPS", description = "The store's lambda_max (default 1250).")
    Double maxThroughput;

    @Option(names = "--hiccup-at", paramLabel = "DURATION", description = "When the hiccup starts (default 30s).")
    String hiccupAt;

    @Option(names = "--hiccup", paramLabel = "DURATION", description = "How long the hiccup lasts (default 1s).")
    String hiccup;

    @Option(names = "--threads", split = ",", paramLabel = "T,T,...", description = "Closed-model thread counts"
            + " (default 1,4,16,64,128,256).")
    List<Integer> threads;

    @Option(names = "--client-latency", paramLabel = "DIST", description = "The store's per-request latency"
            + " (simulated store syntax, default 0ms).")
    String clientLatency;

    @Option(names = "--arrival", paramLabel = "PROCESS", description = "Open model arrivals (default constant).")
    String arrival;

    @Option(names = "--seed", paramLabel = "N", description = "Seed (default 1).")
    long seed = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "Write experiment.json, report.html (the runs' latency over"
            + " time and spectra beside the prediction) and each run's files here.")
    Path out;

    @picocli.CommandLine.Mixin
    ClusterOptions cluster;

    @picocli.CommandLine.Mixin
    MetricsOptions metricsOptions;

    @Override
    public Integer call() throws InterruptedException, IOException {
        if (!"coordinated-omission".equals(name)) {
            throw org.openmark.config.ConfigException.of("experiment", name, "must be coordinated-omission");
        }
        boolean clustered = cluster.requested();
        if (clustered && "virtual".equals(time)) {
            throw org.openmark.config.ConfigException.of("--time", time, "must be real with --cluster/--local-workers"
                    + " (virtual time runs in one process)");
        }
        boolean virtual = time == null ? quick && !clustered : switch (time) {
            case "virtual" -> true;
            case "real" -> false;
            default -> throw org.openmark.config.ConfigException.of("--time", time, "must be real or virtual");
        };
        validateUpFront();
        if (quick && clustered && time == null) {
            // --quick alone means virtual time, which is one process's: say that this one takes real minutes.
            parent.err.println("experiment: --quick on a cluster runs in real time (virtual time is one process's):"
                    + " each row takes its operations at the experiment's rate, a few minutes in all");
        }
        ExperimentConfig base = quick ? ExperimentConfig.quick(out, seed, virtual) : ExperimentConfig.paper(out, seed, virtual);
        ExperimentConfig cfg = new ExperimentConfig(rate != null ? rate : base.rate(), ops != null ? ops : base.ops(),
                maxThroughput != null ? maxThroughput : base.maxThroughput(),
                hiccupAt != null ? Durations.parse("--hiccup-at", hiccupAt) : base.hiccupAt(),
                hiccup != null ? Durations.parse("--hiccup", hiccup) : base.hiccup(),
                threads != null ? threads : base.threads(), clientLatency != null ? clientLatency : base.clientLatency(),
                arrival != null ? arrival : base.arrival(), virtual, out, seed);
        StopSignal stop = new StopSignal();
        // Bound before the first row: a port in use is bad input, not a failure minutes in.
        try (LiveMetrics metrics = LiveMetrics.start(metricsOptions, parent.err, org.openmark.api.Clock.system());
                Interruption interruption = Interruption.stopping(parent.err, "stopping the run in progress, then"
                + " writing the rows done", java.time.Duration.ofSeconds(30), stop::stop)) {
            return runAndReport(cfg, clustered, stop, metrics);
        }
    }

    /**
     * Every option is checked before the first run starts (the runs would otherwise refuse them one
     * by one, minutes in): the store's latency, the arrival process, the rate, the output directory.
     */
    private void validateUpFront() {
        if (clientLatency != null) {
            try {
                org.openmark.store.sim.model.Distributions.parse("--client-latency", clientLatency, null);
            } catch (org.openmark.api.StoreConfigException e) {
                throw new org.openmark.config.ConfigException(e.getMessage());
            }
        }
        if (arrival != null) {
            org.openmark.load.Arrivals.parse("--arrival", arrival);
        }
        if (rate != null && (!(rate > 0) || rate > org.openmark.load.RateSchedule.MAX_RATE_PER_SEC)) {
            throw org.openmark.config.ConfigException.of("--rate", String.valueOf(rate), "must be > 0 and <= "
                    + (long) org.openmark.load.RateSchedule.MAX_RATE_PER_SEC + " ops/s");
        }
        if (out != null) {
            org.openmark.output.OutputPaths.checkDirectory("--out", out);
        }
    }

    private int runAndReport(ExperimentConfig cfg, boolean clustered, StopSignal stop, LiveMetrics metrics)
            throws InterruptedException, IOException {
        List<ExperimentRun> rows;
        CoordinatedOmissionExperiment experiment;
        if (clustered) {
            org.openmark.cluster.ClusterSession.Options opts = cluster.resolve();
            cfg = withThreadsForWorkers(cfg, opts.workers());
            try (org.openmark.cluster.ClusterSession session = new org.openmark.cluster.ClusterSession(opts, stop,
                    parent.err)) {
                session.start();
                experiment = new CoordinatedOmissionExperiment(cfg, stop, parent.err,
                        metrics.rows("experiment", session, new ClusterRows(session, opts.bind())));
                rows = experiment.run();
            }
        } else {
            boolean virtual = cfg.virtualTime();
            experiment = new CoordinatedOmissionExperiment(cfg, stop, parent.err, row -> {
                // each row on its own clock, as in CoordinatedOmissionExperiment's own
                org.openmark.timing.Timing timing = virtual ? org.openmark.timing.Timing.virtual()
                        : org.openmark.timing.Timing.real();
                return metrics.execute("experiment", new org.openmark.run.Runner(StoreRegistry.discover(),
                        Workloads::create, timing.clock(), timing.tasks(), stop,
                        new java.io.PrintStream(java.io.OutputStream.nullOutputStream())), row);
            });
            rows = experiment.run();
        }
        Histogram prediction = HiccupPrediction.openModel(cfg.rate(), cfg.ops(), cfg.maxThroughput(),
                seconds(cfg.hiccupAt()), seconds(cfg.hiccup()), 0);
        parent.out.print(CoordinatedOmissionExperiment.table(rows));
        parent.out.printf(java.util.Locale.ROOT, "queueing prediction for the open model: mean %.2f ms, p99 %.2f ms,"
                + " p99.9 %.2f ms, max %.2f ms (%.0f requests delayed by the hiccup)%n", prediction.getMean() / 1000,
                prediction.getValueAtPercentile(99) / 1000.0, prediction.getValueAtPercentile(99.9) / 1000.0,
                prediction.getMaxValue() / 1000.0,
                HiccupPrediction.affectedRequests(cfg.rate(), cfg.maxThroughput(), seconds(cfg.hiccup())));
        if (out != null) {
            AtomicFiles.writeString(out.resolve("experiment.json"), experiment.json(rows, prediction));
            AtomicFiles.writeString(out.resolve("report.html"), experiment.html(rows, prediction));
            parent.err.println("openmark: results in " + out.toAbsolutePath());
        }
        boolean complete = true;
        for (ExperimentRun row : rows) {
            if (!row.valid() && !row.approach().equals("closed-intended")) {
                parent.err.println("openmark: experiment: the " + row.label() + " was not valid, its row is not"
                        + " evidence: " + row.invalidReason());
                complete = false;
            }
        }
        if (stop.isStopped()) {
            return Main.EXIT_INTERRUPTED;
        }
        return complete ? 0 : Main.EXIT_NOT_VALID;
    }

    /**
     * Every worker of a cluster needs a client thread: thread counts below the worker count are left
     * out of the default list (and refused when given).
     */
    private ExperimentConfig withThreadsForWorkers(ExperimentConfig cfg, int workers) {
        List<Integer> kept = cfg.threads().stream().filter(t -> t >= workers).toList();
        if (threads != null && kept.size() < threads.size()) {
            throw org.openmark.config.ConfigException.of("--threads", threads.toString(), "every thread count must be"
                    + " at least the number of workers (" + workers + "): each worker needs a client thread");
        }
        if (kept.size() < cfg.threads().size()) {
            parent.err.println("experiment: thread counts below the " + workers + " workers are left out: " + kept);
        }
        return new ExperimentConfig(cfg.rate(), cfg.ops(), cfg.maxThroughput(), cfg.hiccupAt(), cfg.hiccup(), kept,
                cfg.clientLatency(), cfg.arrival(), cfg.virtualTime(), cfg.out(), cfg.seed());
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
