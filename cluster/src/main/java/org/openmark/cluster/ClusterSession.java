package org.openmark.cluster;

import org.openmark.cluster.coordinator.OnWorkerLoss;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorOutcome;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.MergeCosts;
import org.openmark.cluster.coordinator.MergedOutput;
import org.openmark.cluster.coordinator.RunSetup;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.cluster.protocol.CoordinatorCommand;
import org.openmark.config.ConfigException;
import org.openmark.timing.StopSignal;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.output.AtomicFiles;
import org.openmark.output.HlogSink;
import org.openmark.output.IntervalSink;
import org.openmark.report.JsonReport;
import org.openmark.output.TimeSeriesSink;
import org.openmark.run.ModelChoice;
import org.openmark.run.Phase;
import org.openmark.run.ResultMerge;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StatusLine;
import org.openmark.run.WorkerReport;

/**
 * Runs spread over several load-generator processes, from the coordinator's side: it becomes
 * the cluster's seed node, waits for its workers (or starts them on loopback) and measures their
 * clocks ({@link #start}), then runs phases over them one after another ({@link #run}), each
 * turned into one {@link RunResult} of the same shape as a single process's, with a
 * {@code workers[]} section. The merged intervals go to the same files and status line a single
 * run writes; each worker's own go to {@code workers/worker-N/}. A rating or an experiment runs
 * all its phases in one session.
 */
public final class ClusterSession implements AutoCloseable {
    /** How long after the last worker is ready the run starts (so every StartAt arrives in time). */
    private static final Duration START_MARGIN = Duration.ofMillis(500);

    /**
     * @param bind where the coordinator listens
     * @param workers how many workers the run needs
     * @param secret the shared secret, or null (allowed on loopback only)
     * @param maxClockOffset above this a worker's measured clock offset is reported
     * @param localWorkers start this many worker JVMs on loopback (0: wait for workers started by hand)
     */
    public record Options(HostPort bind, int workers, byte[] secret, OnWorkerLoss onLoss, Duration joinTimeout,
            Path pekkoConfig, Duration maxClockOffset, int localWorkers, LocalWorkers.Launcher launcher) {

        public Options {
            if (workers < 1) {
                throw ConfigException.of("--workers", String.valueOf(workers), "must be >= 1");
            }
            if (!bind.loopback() && secret == null) {
                throw ConfigException.of("--cluster", bind.toString(), "is not a loopback address: a coordinator"
                        + " reachable from other machines needs --cluster-secret-file (workers must prove the secret"
                        + " to join)");
            }
        }
    }

    private final Options options;
    private final StopSignal stop;
    private final PrintStream err;
    private final CompletableFuture<String> address = new CompletableFuture<>();
    private final CompletableFuture<LocalWorkers> localWorkers = new CompletableFuture<>();

    private ActorSystem<CoordinatorCommand> system;
    private LocalWorkers local;
    private List<WorkerSlot> workers;
    private boolean failed;

    public ClusterSession(Options options, StopSignal stop, PrintStream err) {
        this.options = options;
        this.stop = stop;
        this.err = err;
    }

    /** The coordinator's address (host:port), once it listens. */
    public CompletableFuture<String> address() {
        return address;
    }

    /** The local worker processes, once started ({@code --local-workers}). */
    public CompletableFuture<LocalWorkers> localWorkers() {
        return localWorkers;
    }

    /** Listens, starts the local workers if asked, and waits until every worker has joined. */
    public void start() throws InterruptedException, IOException {
        java.util.concurrent.atomic.AtomicInteger admitted = new java.util.concurrent.atomic.AtomicInteger();
        CompletableFuture<List<WorkerSlot>> joined = new CompletableFuture<>();
        CoordinatorActor.Setup setup = new CoordinatorActor.Setup(options.workers(), options.secret(),
                options.onLoss(), options.joinTimeout(), err, admitted, joined);
        system = Nodes.start(CoordinatorActor.create(setup, Clock.system()), options.bind(), options.pekkoConfig());
        Cluster.get(system).manager().tell(Join.create(system.address()));
        String at = Nodes.address(system);
        address.complete(at);
        err.println("openmark cluster: coordinator at " + at + ", waiting for " + options.workers()
                + " worker(s)" + (options.localWorkers() > 0 ? " (starting them on loopback)"
                : ": bin/openmark worker --join " + at
                + (options.secret() != null ? " --cluster-secret-file FILE" : "")));
        if (options.localWorkers() > 0) {
            local = LocalWorkers.start(options.launcher(), options.localWorkers(), at, err);
            localWorkers.complete(local);
        }
        workers = await(joined, admitted);
    }

    /** Refuses a configuration the workers cannot split (before any worker is contacted). */
    public static void check(RunConfig cfg, int workers) {
        if (cfg.phase() == Phase.RUN && cfg.model() == ModelChoice.CLOSED && cfg.threads() < workers) {
            throw ConfigException.of("threadcount", String.valueOf(cfg.threads()), "must be at least --workers ("
                    + workers + "), so that every worker has a client thread");
        }
    }

    /** Runs one phase over the workers and returns the merged result. */
    public RunResult run(RunConfig cfg) throws InterruptedException, IOException {
        check(cfg, options.workers());
        if (cfg.outDir() != null) {
            // Created with the first file written: a store the workers cannot reach leaves nothing behind.
            org.openmark.output.OutputPaths.checkDirectory("--out", cfg.outDir());
        }
        List<IntervalSink> sinks = new ArrayList<>();
        Output output = new Output(cfg, sinks);
        MergeCosts costs = new MergeCosts();
        CompletableFuture<CoordinatorOutcome> outcome = new CompletableFuture<>();
        Map<String, String> settings = new HashMap<>(cfg.settings().asMap());
        settings.put("seed", String.valueOf(cfg.seed()));
        settings.put("status.interval", String.valueOf(cfg.statusInterval().toSeconds()));
        settings.put("timeseries.granularity", String.valueOf(cfg.granularity().toMillis()));
        system.tell(new CoordinatorActor.BeginRun(new RunSetup(cfg.phase().name(), settings,
                START_MARGIN, cfg.grace().plusSeconds(30), output, costs, outcome)));
        try {
            CoordinatorOutcome done = await(outcome, null);
            String cost = costs.describe();
            if (cost != null) {
                err.println("openmark cluster: " + cost);
            }
            return merge(cfg, done, output.outages.outages());
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            for (IntervalSink s : sinks) {
                try {
                    s.close();
                } catch (IOException e) {
                    err.println("openmark cluster: warning: " + e.getMessage());
                }
            }
            output.closeWorkers();
        }
    }

    /**
     * Runs a staleness measurement over the workers, each its part on keys of its own, and merges
     * their counts and histograms. Workers lost before they reported are left out and named.
     */
    public StalenessOutcome staleness(StalenessPlan plan) throws InterruptedException {
        plan.part(new org.openmark.load.Share(0, options.workers())); // refuses too few keys or writes up front
        CompletableFuture<CoordinatorOutcome> outcome = new CompletableFuture<>();
        Duration expected = Duration.ofNanos(Math.round(plan.config().writes() / plan.config().writeRatePerSec() * 1e9))
                .plus(plan.config().horizon());
        system.tell(new CoordinatorActor.BeginRun(new RunSetup(StalenessPlan.PHASE, plan.toSettings(),
                START_MARGIN, expected.plusSeconds(30), NO_INTERVALS, new MergeCosts(), outcome)));
        try {
            CoordinatorOutcome done = await(outcome, null);
            List<org.openmark.consistency.StalenessResult> parts = new ArrayList<>();
            List<String> warnings = new ArrayList<>();
            Map<String, String> facts = Map.of();
            for (WorkerSlot w : done.workers()) {
                if (w.staleness() != null) {
                    parts.add(w.staleness());
                    if (facts.isEmpty()) {
                        facts = w.storeFacts();
                    }
                } else {
                    warnings.add(w.name() + " (" + w.address() + ") was lost before it reported ("
                            + w.lostReason() + "): its part of the writes is missing from the result");
                }
            }
            if (done.stopped()) {
                warnings.add("stopped: " + done.stopReason());
            }
            if (parts.isEmpty()) {
                throw new ClusterException("no worker reported its staleness measurement: " + String.join("; ", warnings));
            }
            return new StalenessOutcome(org.openmark.consistency.StalenessResult.merge(parts), done.workers(), facts,
                    warnings);
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    /**
     * A staleness measurement over the workers.
     *
     * @param merged every reporting worker's counts and histograms added
     * @param workers each worker, with its own measurement ({@link WorkerSlot#staleness()}, null when lost)
     * @param storeFacts what the first reporting worker's store said about itself
     * @param warnings workers lost, a stop
     */
    public record StalenessOutcome(org.openmark.consistency.StalenessResult merged, List<WorkerSlot> workers,
            Map<String, String> storeFacts, List<String> warnings) {
    }

    /** A staleness measurement streams no intervals. */
    private static final MergedOutput NO_INTERVALS = new MergedOutput() {
        @Override
        public void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
        }

        @Override
        public void worker(WorkerSlot w, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        }
    };

    /** Lets the workers go and stops this node and the local workers. */
    @Override
    public void close() {
        if (system != null) {
            system.tell(new CoordinatorActor.EndSession(!failed));
            // The workers leave first; then this node.
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Nodes.stop(system, Duration.ofSeconds(10));
        }
        if (local != null) {
            local.stop(Duration.ofSeconds(20));
        }
    }

    /** Waits for {@code result}, passing Ctrl-C on and watching the local workers while they join. */
    private <T> T await(CompletableFuture<T> result, java.util.concurrent.atomic.AtomicInteger admitted)
            throws InterruptedException {
        boolean stopSent = false;
        while (true) {
            if (stop.isStopped() && !stopSent) {
                system.tell(new CoordinatorActor.StopRun("interrupted (Ctrl-C on the coordinator)"));
                stopSent = true;
            }
            if (local != null && admitted != null && !result.isDone() && admitted.get() < options.workers()) {
                String dead = local.deadBeforeJoining();
                if (dead != null) {
                    system.tell(new CoordinatorActor.StopRun(dead));
                    failed = true;
                    throw new ClusterException(dead);
                }
            }
            try {
                return result.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look at the stop signal again
            } catch (ExecutionException e) {
                failed = true;
                if (e.getCause() instanceof CoordinatorOutcome.Failure f) {
                    if (f.badInput()) {
                        throw new ConfigException(f.getMessage());
                    }
                    if (f.storeUnreachable()) {
                        throw new org.openmark.api.StoreUnreachableException(f.getMessage());
                    }
                    throw new ClusterException(f.getMessage());
                }
                throw new ClusterException("the coordinator failed: " + e.getCause(), e.getCause());
            }
        }
    }

    private RunResult merge(RunConfig cfg, CoordinatorOutcome done, List<org.openmark.measure.Outage> outages)
            throws IOException {
        long runtimeMs = 0;
        for (WorkerSlot w : done.workers()) {
            if (w.result() != null) {
                runtimeMs = Math.max(runtimeMs, w.result().runtimeMs());
            }
        }
        org.openmark.load.LoadSpec model = Runner.modelOf(withoutShare(cfg)).spec();
        List<RunResult> parts = new ArrayList<>();
        List<WorkerReport> reports = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean valid = true;
        for (WorkerSlot w : done.workers()) {
            RunResult part = w.result() != null ? w.result()
                    : ResultMerge.lostPart(cfg, model, w.totals(), w.issuedSoFar(), runtimeMs);
            parts.add(part);
            reports.add(report(cfg, w, part, options.workers()));
            if (w.lost()) {
                valid = false;
                // What it issued after its last interval never reached the coordinator: it is not in
                // the accounting. Under the open model the schedule bounds it.
                String unseen = cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN
                        ? String.format(Locale.ROOT, "; what it issued after its last interval is not known here (at"
                                + " most about %.0f operations: its rate over the %.1f s before it was found"
                                + " unreachable)", cfg.rateSchedule().rateAt(0) / options.workers()
                                        * w.silentBeforeLossMs() / 1000.0, w.silentBeforeLossMs() / 1000.0)
                        : "; what it issued after its last interval is not known here";
                warnings.add(String.format(Locale.ROOT, "%s (%s) was lost (%s): what it delivered until then is in the"
                        + " result; its %d operations not reported finished are counted as lost with it%s", w.name(),
                        w.address(), w.lostReason(), part.accounting().lostWithWorker(), unseen));
            } else if (!part.valid()) {
                valid = false;
                for (String warning : part.warnings()) {
                    warnings.add(w.name() + " (" + w.address() + "): " + warning);
                }
                if (part.warnings().isEmpty()) {
                    warnings.add(w.name() + " (" + w.address() + "): its run was not valid"
                            + (done.stopped() ? " (stopped: " + done.stopReason() + ")" : ""));
                }
            }
            // Reported when the offset is beyond the bound by more than its own uncertainty, or when
            // the uncertainty itself is beyond the bound (the offset then says little either way).
            long boundMicros = options.maxClockOffset().toNanos() / 1000;
            if (w.roundTripMicros() / 2 > boundMicros) {
                warnings.add(String.format(Locale.ROOT, "%s's clock offset is known only to ± %.1f ms (its shortest"
                        + " round trip was %.1f ms), more than %d ms: its intervals may be misaligned by that much;"
                        + " a busy machine or network delays the probes", w.name(), w.roundTripMicros() / 2000.0,
                        w.roundTripMicros() / 1000.0, options.maxClockOffset().toMillis()));
            } else if (Math.abs(w.offsetMicros()) - w.roundTripMicros() / 2 > boundMicros) {
                warnings.add(String.format(Locale.ROOT, "%s's clock is %.1f ms ± %.1f ms off the coordinator's (more"
                        + " than %d ms): its intervals are aligned by the measured offset, but sync the clocks (NTP/PTP)"
                        + " for staleness or cross-machine latency figures", w.name(), w.offsetMicros() / 1000.0,
                        w.roundTripMicros() / 2000.0, options.maxClockOffset().toMillis()));
            }
            if (cfg.outDir() != null) {
                AtomicFiles.writeString(cfg.outDir().resolve("workers").resolve(w.name()).resolve("result.json"),
                        JsonReport.render(part));
            }
        }
        long lostWorkers = done.workers().stream().filter(WorkerSlot::lost).count();
        if (lostWorkers > 0 && cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN
                && options.onLoss() == OnWorkerLoss.CONTINUE) {
            double offered = 0;
            for (WorkerSlot w : done.workers()) {
                if (!w.lost()) {
                    offered += cfg.rateSchedule().rateAt(0) / options.workers();
                }
            }
            notes.add(String.format(Locale.ROOT, "after the loss the run offered %.0f ops/s instead of %.0f ops/s"
                    + " (%d of %d workers)", offered, cfg.rateSchedule().rateAt(0), options.workers() - lostWorkers,
                    options.workers()));
        }
        if (done.stopped()) {
            valid = false;
            notes.add("stopped: " + done.stopReason());
        }
        boolean interrupted = stop.isStopped();
        RunResult first = parts.get(0);
        RunResult merged = ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, warnings,
                notes, valid, interrupted, outages);
        if (!merged.accounting().addsUp()) {
            List<String> w = new ArrayList<>(merged.warnings());
            w.add("the accounting does not add up across the workers: " + merged.accounting());
            merged = ResultMerge.merge(cfg, model, first.paced(), first.openModel(), parts, reports, w, notes, false,
                    interrupted, outages);
        }
        return merged;
    }

    private static RunConfig withoutShare(RunConfig c) {
        return new RunConfig(c.phase(), c.store(), c.settings(), c.model(), c.threads(), c.targetPerSec(),
                c.thinkTime(), c.arrival(), c.rateSchedule(), c.maxInFlight(), c.onOverload(), c.operationCount(),
                c.duration(), c.warmup(), c.statusInterval(), c.granularity(), c.grace(), c.seed(), c.seedChosen(),
                c.outDir(), c.percentiles(), c.autoLoad(), c.maxSendLag(), c.maxErrorRate(), c.quiet(),
                org.openmark.load.Share.WHOLE, c.virtualTime(), c.maxStall(), c.loadStallTimeout());
    }

    private static WorkerReport report(RunConfig cfg, WorkerSlot w, RunResult part, int count) {
        Histogram lag = part.schedule() != null ? part.schedule().sendLag() : w.sendLagSoFar();
        double target = part.schedule() != null ? part.schedule().targetRate() : 0;
        double achieved = part.schedule() != null ? part.schedule().achievedRate() : part.throughput();
        double cpu = w.cpuPercent();
        if (w.lost()) {
            // No final result: its share of the schedule, and its rate and CPU while it delivered.
            boolean open = cfg.model() == ModelChoice.OPEN && cfg.phase() == Phase.RUN;
            target = open ? cfg.rateSchedule().rateAt(0) / count : 0;
            achieved = w.lostAfterMs() > 0 ? part.accounting().issued() / (w.lostAfterMs() / 1000.0) : 0;
            cpu = w.meanIntervalCpuPercent();
        }
        List<String> warnings = new ArrayList<>(part.warnings());
        if (w.lost()) {
            warnings.add("lost: " + w.lostReason());
        }
        return new WorkerReport(w.name(), w.address(), (w.index() + 1) + "/" + count, part.accounting().issued(), target,
                achieved, lag == null ? Measurements.newHistogram() : lag, cpu, w.offsetMicros(),
                w.roundTripMicros(), part.valid() && !w.lost(), w.lost(), w.lostAfterMs(), warnings);
    }

    /** Feeds the merged intervals to the run's files and status line, and each worker's to its own log. */
    private final class Output implements MergedOutput {
        private final RunConfig cfg;
        private final List<IntervalSink> sinks;
        private final Map<Integer, HlogSink> perWorker = new HashMap<>();
        private final org.openmark.measure.OutageDetector outages = new org.openmark.measure.OutageDetector();
        private final List<IntervalSnapshot> sinceStatus = new ArrayList<>();
        private double lastElapsed;
        private double lastStatusElapsed;
        private long completedSoFar;

        Output(RunConfig cfg, List<IntervalSink> sinks) {
            this.cfg = cfg;
            this.sinks = sinks;
        }

        @Override
        public void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
            if (cfg.outDir() != null && sinks.isEmpty()) {
                // Created at the first interval, so the log's base time is the run's start.
                try {
                    sinks.add(new HlogSink(cfg.outDir().resolve("latency.hlog"), m.snapshot().startMillis()));
                    sinks.add(new TimeSeriesSink(cfg.outDir().resolve("timeseries.csv")));
                } catch (IOException e) {
                    err.println("openmark cluster: warning: could not open the interval files: " + e.getMessage());
                }
            }
            for (IntervalSink sink : sinks) {
                try {
                    sink.interval(m.snapshot(), m.elapsedSeconds(), m.inFlight(), m.warmUp());
                } catch (IOException e) {
                    err.println("openmark cluster: warning: could not write an interval file: " + e.getMessage());
                }
            }
            completedSoFar += m.snapshot().completed();
            outages.add(org.openmark.measure.IntervalSummary.of(m.snapshot(), lastElapsed, m.elapsedSeconds(),
                    m.inFlight(), m.warmUp()));
            lastElapsed = m.elapsedSeconds();
            sinceStatus.add(m.snapshot());
            // One status line every status interval, over the intervals since the last one.
            if (cfg.quiet() || m.elapsedSeconds() - lastStatusElapsed < cfg.statusInterval().toMillis() / 1000.0 - 0.05) {
                return;
            }
            lastStatusElapsed = m.elapsedSeconds();
            IntervalSnapshot line = IntervalSnapshot.merge(sinceStatus.get(0).startMillis(),
                    m.snapshot().endMillis(), sinceStatus);
            sinceStatus.clear();
            err.println(StatusLine.format(m.elapsedSeconds(), completedSoFar, line, m.inFlight(), -1, m.warmUp()));
            List<IntervalMerger.Part> parts = new ArrayList<>(m.parts());
            parts.sort(java.util.Comparator.comparingInt(IntervalMerger.Part::worker));
            for (IntervalMerger.Part p : parts) {
                WorkerSlot w = workers.get(p.worker());
                IntervalSnapshot s = p.snapshot();
                double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
                Histogram lag = s.sendLag();
                err.println(String.format(Locale.ROOT, "         %s %s: %.1f ops/s%s%s", w.name(), w.address(),
                        s.completed() / seconds,
                        lag.getTotalCount() == 0 ? "" : ", send-lag p99 " + lag.getValueAtPercentile(99) + " us",
                        p.cpuPercent() < 0 ? "" : String.format(Locale.ROOT, ", CPU %.0f%%", p.cpuPercent())));
            }
            for (WorkerSlot w : workers) {
                if (w.lost() && m.parts().stream().noneMatch(p -> p.worker() == w.index())) {
                    err.println("         " + w.name() + " " + w.address() + ": LOST");
                }
            }
        }

        @Override
        public void worker(WorkerSlot w, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
            if (cfg.outDir() == null) {
                return;
            }
            try {
                HlogSink sink = perWorker.get(w.index());
                if (sink == null) {
                    sink = new HlogSink(cfg.outDir().resolve("workers").resolve(w.name()).resolve("latency.hlog"),
                            s.startMillis());
                    perWorker.put(w.index(), sink);
                }
                sink.interval(s, elapsedSeconds, inFlight, warmUp);
            } catch (IOException e) {
                err.println("openmark cluster: warning: could not write " + w.name() + "'s interval log: "
                        + e.getMessage());
            }
        }

        void closeWorkers() {
            for (HlogSink s : perWorker.values()) {
                try {
                    s.close();
                } catch (IOException e) {
                    err.println("openmark cluster: warning: " + e.getMessage());
                }
            }
        }
    }
}
