package org.openmark.cluster;

import static org.openmark.run.RunProperties.THREADCOUNT;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.openmark.api.Clock;
import org.openmark.cluster.coordinator.CoordinatorActor;
import org.openmark.cluster.coordinator.CoordinatorOutcome;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.MergeCosts;
import org.openmark.cluster.coordinator.MergedOutput;
import org.openmark.cluster.coordinator.OnWorkerLoss;
import org.openmark.cluster.coordinator.PlanShares;
import org.openmark.cluster.coordinator.RunSetup;
import org.openmark.cluster.coordinator.SessionSetup;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.cluster.protocol.PhasePlan;
import org.openmark.cluster.protocol.PlanPhase;
import org.openmark.config.ConfigException;
import org.openmark.load.Share;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.run.ConfigNotes;
import org.openmark.run.Model;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunResult;
import org.openmark.timing.StopSignal;

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
    /** How long the end of the session waits for the workers to say they leave before this node goes. */
    private static final Duration WORKERS_LEAVE = Duration.ofSeconds(5);

    /** A run wrote its results (--out): the local workers' own logs stay beside them, to check the merge. */
    private boolean keepLocalLogs;

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
    private final Clock clock;
    private final CompletableFuture<String> address = new CompletableFuture<>();
    private final CompletableFuture<LocalWorkers> localWorkers = new CompletableFuture<>();

    private ActorSystem<CoordinatorActor.Command> system;
    private LocalWorkers local;
    private List<WorkerSlot> workers;
    private boolean failed;
    /** Told every interval of the runs (live metrics), or null. */
    private MergedOutput watcher;

    public ClusterSession(Options options, StopSignal stop, PrintStream err) {
        this(options, stop, err, Clock.system());
    }

    /** A session whose coordinator and local workers read time from {@code clock}. */
    public ClusterSession(Options options, StopSignal stop, PrintStream err, Clock clock) {
        this.options = options;
        this.stop = stop;
        this.err = err;
        this.clock = clock;
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
        SessionSetup setup = new SessionSetup(options.workers(), options.secret(),
                options.onLoss(), options.joinTimeout(), err, admitted, joined);
        system = Nodes.start(CoordinatorActor.create(setup, clock), options.bind(), options.pekkoConfig());
        Cluster.get(system).manager().tell(Join.create(system.address()));
        String at = Nodes.address(system);
        address.complete(at);
        err.println("openmark cluster: coordinator at " + at + ", waiting for " + options.workers()
                + " worker(s)" + (options.localWorkers() > 0 ? " (starting them on loopback)"
                : ": bin/openmark worker --join " + at
                + (options.secret() != null ? " --cluster-secret-file FILE" : "")));
        if (options.localWorkers() > 0) {
            local = LocalWorkers.start(options.launcher(), options.localWorkers(), at, options.pekkoConfig(), err,
                    clock);
            localWorkers.complete(local);
        }
        workers = await(joined, admitted);
    }

    /** From the next run on, {@code w} is told every merged interval and each worker's (live metrics). */
    public void watch(MergedOutput w) {
        this.watcher = w;
    }

    /** Refuses a configuration the workers cannot split (before any worker is contacted). */
    public static void check(RunConfig cfg, int workers) {
        if (cfg.phase() == Phase.RUN && cfg.model() instanceof Model.Closed closed && closed.threads() < workers) {
            throw ConfigException.of(THREADCOUNT, String.valueOf(closed.threads()), "must be at least --workers ("
                    + workers + "), so that every worker has a client thread");
        }
    }

    /** Runs one phase over the workers and returns the merged result. */
    public RunResult run(RunConfig cfg) throws InterruptedException, IOException {
        keepLocalLogs |= cfg.output().outDir() != null;
        check(cfg, options.workers());
        if (cfg.output().outDir() != null) {
            // Created with the first file written: a store the workers cannot reach leaves nothing behind.
            org.openmark.output.OutputPaths.checkDirectory("--out", cfg.output().outDir());
        }
        for (String note : ConfigNotes.of(cfg)) {
            err.println("openmark: " + note);
        }
        RunOutput output = new RunOutput(cfg, err, watcher);
        MergeCosts costs = new MergeCosts();
        CompletableFuture<CoordinatorOutcome> outcome = new CompletableFuture<>();
        PlanShares plans = share -> PhasePlan.of(workerConfig(cfg, share));
        checkShares(plans);
        system.tell(new CoordinatorActor.BeginRun(new RunSetup(PlanPhase.of(cfg.phase()), plans, cfg.autoLoad(),
                cfg.granularity(), cfg.warmup(), START_MARGIN,
                cfg.grace().plusSeconds(30), output, costs, outcome)));
        try {
            CoordinatorOutcome done = await(outcome, null);
            String cost = costs.describe();
            if (cost != null) {
                err.println("openmark cluster: " + cost);
            }
            return output.withMergedSections(ClusterResult.merge(cfg, done, output.outages(), options, stop));
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        } finally {
            output.close();
        }
    }

    /**
     * The configuration of the worker of {@code share}: {@code cfg} (a rating's experiment: with its load
     * level and length) for that share, derived in typed form, with what the coordinator chose (the seed)
     * and resolved (the status interval, the granularity) recorded, so that every worker runs the same and
     * its own result says what it ran. (The coordinator's result records {@code cfg}'s properties.)
     */
    public static RunConfig workerConfig(RunConfig cfg, Share share) {
        return RunConfigBuilder.parent(cfg).seed(cfg.seed()).statusInterval(cfg.output().statusInterval())
                .granularity(cfg.granularity()).share(share).build();
    }

    /** Derives every worker's share before the run begins: a run that cannot be split so is refused here. */
    private void checkShares(PlanShares plans) {
        for (int i = 0; i < options.workers(); i++) {
            plans.of(new Share(i, options.workers()));
        }
    }

    /**
     * Runs a staleness measurement over the workers, each its part on keys of its own, and merges
     * their counts and histograms. Workers lost before they reported are left out and named.
     */
    public StalenessOutcome staleness(StalenessPlan plan) throws InterruptedException {
        checkShares(plan::share); // refuses too few keys or writes up front
        CompletableFuture<CoordinatorOutcome> outcome = new CompletableFuture<>();
        Duration expected = Duration.ofNanos(Math.round(plan.config().writes() / plan.config().writeRatePerSec() * 1e9))
                .plus(plan.config().horizon());
        system.tell(new CoordinatorActor.BeginRun(new RunSetup(PlanPhase.STALENESS, plan::share, false,
                Duration.ofSeconds(1), Duration.ZERO, START_MARGIN,
                expected.plusSeconds(30), NO_INTERVALS, new MergeCosts(), outcome)));
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
            CompletableFuture<Void> workersLeaving = new CompletableFuture<>();
            system.tell(new CoordinatorActor.EndSession(!failed, workersLeaving));
            // The workers have their Finish first (each says it leaves, or is gone); then this node goes,
            // and no worker takes its going for the coordinator lost.
            try {
                workersLeaving.get(WORKERS_LEAVE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // A worker that says nothing within the bound (stalled, or gone unseen) is not waited for.
            }
            Nodes.stop(system, Duration.ofSeconds(10));
        }
        if (local != null) {
            local.stop(Duration.ofSeconds(20), keepLocalLogs);
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
}
