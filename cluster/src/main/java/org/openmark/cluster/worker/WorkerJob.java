package org.openmark.cluster.worker;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.cluster.StalenessPlan;
import org.openmark.cluster.protocol.Accepted;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.Failed;
import org.openmark.cluster.protocol.Finish;
import org.openmark.cluster.protocol.Go;
import org.openmark.cluster.protocol.IntervalReport;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.cluster.protocol.Plan;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.Ready;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.cluster.protocol.StalenessDone;
import org.openmark.cluster.protocol.StalenessWire;
import org.openmark.cluster.protocol.StartAt;
import org.openmark.cluster.protocol.ToCoordinator;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessMeasurement;
import org.openmark.consistency.StalenessResult;
import org.openmark.load.Share;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.AtomicFiles;
import org.openmark.output.IntervalSink;
import org.openmark.report.JsonReport;
import org.openmark.run.Phase;
import org.openmark.run.PhaseHooks;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.Seeds;
import org.openmark.workload.Workload;
import org.openmark.workload.Workloads;

/**
 * What a worker does, on a thread of its own: wait to be admitted and for the plan, open the
 * store, load as told, wait at the start gate for the common instant, run its share of the phase
 * while its intervals stream to the coordinator, report its result, and wait to be let go. The
 * actor feeds it the coordinator's messages; every wait also ends when the coordinator is lost.
 *
 * <p>Exit codes of {@link #run}: 0 done, 1 the coordinator was lost or the run failed (a partial
 * result is written locally), 2 the coordinator refused this worker.
 */
final class WorkerJob {
    private final CompletableFuture<Accepted> accepted = new CompletableFuture<>();
    /** The coordinator's instructions (Plan, Go, StartAt, Finish), in the order they came. */
    /** Set when the coordinator's Finish arrived: its leaving afterwards is the normal end. */
    private volatile boolean sessionEnded;
    private final java.util.concurrent.LinkedBlockingQueue<Object> inbox = new java.util.concurrent.LinkedBlockingQueue<>();
    /** Completes with the reason when the coordinator is lost or refuses this worker. */
    private final CompletableFuture<String> lost = new CompletableFuture<>();
    private final StopSignal stop = new StopSignal();
    private final Duration joinTimeout;
    private final Path partialDir;
    private final Path ownLogs;
    private final PrintStream err;
    private volatile boolean refused;

    WorkerJob(Duration joinTimeout, Path partialDir, Path ownLogs, PrintStream err) {
        this.joinTimeout = joinTimeout;
        this.partialDir = partialDir;
        this.ownLogs = ownLogs;
        this.err = err;
    }

    // --- from the actor

    void accepted(Accepted a) {
        accepted.complete(a);
    }

    void refused(String reason) {
        refused = true;
        lost.complete("the coordinator refused this worker: " + reason);
    }

    void instruction(Object message) {
        if (message instanceof Finish) {
            sessionEnded = true;
        }
        inbox.add(message);
    }

    void stop(String reason) {
        say(reason);
        stop.stop();
    }


    void coordinatorLost(String reason) {
        if (sessionEnded) {
            return; // the coordinator ended the session and leaves: nothing is lost
        }
        if (lost.complete(reason)) {
            stop.stop();
            if (!refused) {
                say(reason + ": stopping now (operations still outstanding get the grace period)");
            }
        }
    }

    /** True when the coordinator went away (or refused this worker). */
    boolean coordinatorGone() {
        return lost.isDone();
    }

    /** Ctrl-C on the worker: stop issuing, report what there is. */
    void interrupt() {
        stop.stop();
    }

    // --- the work

    /** Does the worker's part of every run of the session; returns its exit code. */
    int run(String joinAddress) throws InterruptedException {
        Accepted admitted;
        try {
            admitted = await(accepted, joinTimeout);
        } catch (TimeoutException e) {
            say("could not join the coordinator at " + joinAddress + " within " + joinTimeout.toSeconds()
                    + " s: is it running (bin/openmark run --cluster " + joinAddress + " ...), is the address right,"
                    + " and does it listen on an address this machine can reach?");
            return 1;
        } catch (LostException e) {
            say(e.getMessage());
            return refused ? 2 : 1;
        }
        say("joined as worker-" + (admitted.index() + 1) + " of " + admitted.count() + "; waiting for the plan");
        int code = 0;
        try {
            while (true) {
                Object next = next(Duration.ofHours(24));
                if (next instanceof Finish f) {
                    return f.success() ? code : Math.max(code, 1);
                }
                if (next instanceof Plan p) {
                    code = Math.max(code, runPlan(p, admitted.coordinator(), admitted.index()));
                    if (lost.isDone()) {
                        return 1;
                    }
                }
                // A Go or StartAt of a run that failed before it started: nothing to do.
            }
        } catch (LostException e) {
            say(e.getMessage());
            return 1;
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        }
    }

    /** One run: prepare, load as told, wait at the gate, run, report. Returns 0, or 1 when it failed. */
    private int runPlan(Plan p, ActorRef<ToCoordinator> coordinator, int index) throws InterruptedException {
        if (p.phase().equals(StalenessPlan.PHASE)) {
            return runStaleness(p, coordinator, index);
        }
        Phase phase = Phase.valueOf(p.phase());
        Settings settings = Settings.of(p.settings());
        RunConfig cfg;
        Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, Clock.system(), Tasks.real(), stop,
                err);
        Store store;
        try {
            cfg = RunConfigParser.parse(phase, settings, null, true);
            store = runner.openStore(cfg);
        } catch (ConfigException e) {
            coordinator.tell(new Failed(p.run(), index, e.getMessage(), true));
            return 1;
        } catch (org.openmark.api.StoreUnreachableException e) {
            coordinator.tell(new Failed(p.run(), index, e.getMessage(), false, true));
            return 1;
        } catch (RuntimeException e) {
            coordinator.tell(new Failed(p.run(), index, String.valueOf(e.getMessage()), false));
            return 1;
        }
        RunResult result = null;
        OwnIntervalLog ownLog = null;
        try (store) {
            Workload workload = runner.createWorkload(cfg);
            coordinator.tell(new Prepared(p.run(), index, store.isKnownEmpty(workload.table()), store.isEmbedded()));
            String load = expect(Go.class, p.run()).load();
            IntervalForwarder forwarder = new IntervalForwarder(coordinator, p.run(), index);
            List<IntervalSink> sinks = new ArrayList<>(List.of(forwarder));
            if (ownLogs != null) {
                ownLog = new OwnIntervalLog(ownLogs.resolve("run-" + p.run()).resolve("latency.hlog"));
                sinks.add(ownLog);
            }
            PhaseHooks hooks = new PhaseHooks(sinks, () -> {
                coordinator.tell(new Ready(p.run(), index));
                try {
                    waitUntil(expect(StartAt.class, p.run()).workerEpochMicros());
                } catch (TimeoutException e) {
                    throw new LostException("no start instant came within a day");
                }
            });
            long cpuBefore = cpuNanos();
            long wallBefore = System.nanoTime();
            if (phase == Phase.LOAD) {
                RunConfig loadCfg = load.equals(Go.PARTITION) ? partition(cfg, settings) : loadThreads(cfg, settings);
                result = runner.runOn(loadCfg, runner.createWorkload(loadCfg), store, List.of(), List.of(), hooks);
            } else {
                if (!load.equals(Go.NONE)) {
                    RunConfig loadCfg = load.equals(Go.PARTITION) ? partition(cfg, settings) : cfg;
                    RunResult loaded = runner.load(loadCfg, runner.createWorkload(loadCfg), store);
                    say(String.format(java.util.Locale.ROOT, "loaded %d records (%s) in %.1f s",
                            loaded.accounting().completed(), load.equals(Go.PARTITION) ? "its part" : "all",
                            loaded.runtimeMs() / 1000.0));
                }
                result = runner.runOn(cfg, workload, store, List.of(), List.of(), hooks);
            }
            double cpu = cpuPercent(cpuNanos() - cpuBefore, System.nanoTime() - wallBefore);
            if (lost.isDone()) {
                return partial(result, lost.getNow("the coordinator was lost"));
            }
            coordinator.tell(new Done(p.run(), index, ResultWire.of(result), cpu));
            return 0;
        } catch (LostException e) {
            return partial(result, e.getMessage());
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        } catch (ConfigException e) {
            coordinator.tell(new Failed(p.run(), index, e.getMessage(), true));
            return 1;
        } catch (IOException | RuntimeException e) {
            coordinator.tell(new Failed(p.run(), index, String.valueOf(e.getMessage()), false));
            return 1;
        } finally {
            if (ownLog != null) {
                try {
                    ownLog.close();
                } catch (IOException e) {
                    say("could not write its own interval log: " + e.getMessage());
                }
            }
        }
    }

    /**
     * A staleness measurement: this worker's part of the writes, on keys of its own, with its own
     * writer and probers, timed by its own clock. Returns 0, or 1 when it failed.
     */
    private int runStaleness(Plan p, ActorRef<ToCoordinator> coordinator, int index) throws InterruptedException {
        StalenessPlan plan;
        Share share = Share.parse("share", p.settings().get("share"));
        StalenessConfig part;
        Store store;
        try {
            plan = StalenessPlan.fromSettings(p.settings());
            part = plan.part(share);
            StoreFactory factory = StoreRegistry.discover().get("--store", plan.store());
            Map<String, String> props = new HashMap<>(plan.storeProperties());
            if (plan.seed() != null && factory.propertyNames().contains(SIM_SEED)) {
                // Each worker's own simulated store draws its own stream (a shared server has its own seed).
                props.putIfAbsent(SIM_SEED, Long.toString(Seeds.derive(plan.seed(), share.index())));
            }
            store = factory.open(StoreProperties.of(props), Clock.system());
        } catch (ConfigException | StoreConfigException e) {
            coordinator.tell(new Failed(p.run(), index, e.getMessage(), true));
            return 1;
        } catch (RuntimeException e) {
            coordinator.tell(new Failed(p.run(), index, String.valueOf(e.getMessage()), false));
            return 1;
        }
        try (store) {
            coordinator.tell(new Prepared(p.run(), index, false, store.isEmbedded()));
            expect(Go.class, p.run());
            coordinator.tell(new Ready(p.run(), index));
            waitUntil(expect(StartAt.class, p.run()).workerEpochMicros());
            long cpuBefore = cpuNanos();
            long wallBefore = System.nanoTime();
            StalenessResult result = new StalenessMeasurement(part, Clock.system(), Tasks.real(), stop).run(store);
            double cpu = cpuPercent(cpuNanos() - cpuBefore, System.nanoTime() - wallBefore);
            if (lost.isDone()) {
                say("the coordinator was lost: its part (" + result.writes() + " writes) is not reported");
                return 1;
            }
            coordinator.tell(new StalenessDone(p.run(), index, StalenessWire.of(result), store.facts(), cpu));
            return 0;
        } catch (LostException e) {
            say(e.getMessage());
            return 1;
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        } catch (RuntimeException e) {
            coordinator.tell(new Failed(p.run(), index, String.valueOf(e.getMessage()), false));
            return 1;
        }
    }

    private static final String SIM_SEED = "sim.seed";

    /** The next instruction of type {@code type} for run {@code run}; others of older runs are dropped. */
    private <T> T expect(Class<T> type, int run) throws InterruptedException, TimeoutException {
        while (true) {
            Object next = next(Duration.ofHours(24));
            if (type.isInstance(next) && runOf(next) == run) {
                return type.cast(next);
            }
            if (next instanceof Finish || next instanceof Plan) {
                // The coordinator gave this run up (another worker failed): end it here.
                inbox.add(next);
                throw new LostException("the coordinator ended run " + run + " before it started");
            }
        }
    }

    private static int runOf(Object message) {
        return message instanceof Go g ? g.run() : message instanceof StartAt s ? s.run() : -1;
    }

    private Object next(Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (lost.isDone()) {
                throw new LostException(lost.getNow("the coordinator was lost"));
            }
            Object m = inbox.poll(100, TimeUnit.MILLISECONDS);
            if (m != null) {
                return m;
            }
            if (System.nanoTime() >= deadline) {
                throw new TimeoutException();
            }
        }
    }

    /** The load phase's threads: this worker's part of -threads (each loads with its own threads). */
    private static RunConfig loadThreads(RunConfig cfg, Settings settings) {
        Map<String, String> m = new HashMap<>(settings.asMap());
        m.put("threadcount", String.valueOf(Math.max(1, cfg.share().part(cfg.threads()))));
        return RunConfigParser.parse(Phase.LOAD, Settings.of(m), null, true);
    }

    /** This worker's part of the key range (YCSB's insertstart/insertcount) and of the threads. */
    private static RunConfig partition(RunConfig cfg, Settings settings) {
        String workload = settings.getString(Workloads.PROPERTY, Workloads.DEFAULT);
        if (!workload.equals(Workloads.DEFAULT)) {
            throw ConfigException.of(Workloads.PROPERTY, workload, "cannot be split over workers that share one store:"
                    + " load it with one process (bin/openmark load without --cluster), then run with --cluster");
        }
        CoreWorkloadConfig core = CoreWorkloadConfig.from(settings);
        Map<String, String> m = new HashMap<>(settings.asMap());
        m.put("insertstart", String.valueOf(core.insertStart() + cfg.share().first(core.insertCount())));
        m.put("insertcount", String.valueOf(cfg.share().part(core.insertCount())));
        m.put("threadcount", String.valueOf(Math.max(1, cfg.share().part(cfg.threads()))));
        return RunConfigParser.parse(Phase.LOAD, Settings.of(m), null, true);
    }

    private void waitUntil(long epochMicros) throws InterruptedException {
        long deadline = System.nanoTime() + (epochMicros - epochMicrosNow()) * 1000;
        while (!stop.isStopped()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            LockSupport.parkNanos(Math.min(left, 50_000_000L));
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    /** Writes what this worker measured before the coordinator was lost; returns 1. */
    private int partial(RunResult result, String why) {
        if (result == null) {
            say("nothing was measured yet");
            return 1;
        }
        try {
            Path file = partialDir.resolve("result.json");
            AtomicFiles.writeString(file, JsonReport.render(result));
            say("its partial result is in " + file.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            say("could not write the partial result: " + e.getMessage());
        }
        return 1;
    }

    /** Waits for {@code f}; throws when the coordinator was lost first. */
    private <T> T await(CompletableFuture<T> f, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (lost.isDone()) {
                throw new LostException(lost.getNow("the coordinator was lost"));
            }
            try {
                return f.get(Math.min(100_000_000L, Math.max(1, deadline - System.nanoTime())), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (System.nanoTime() >= deadline) {
                    throw e;
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** The coordinator is gone (or refused this worker): the message says why. */
    static final class LostException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LostException(String message) {
            super(message);
        }
    }

    private void say(String line) {
        err.println("openmark worker: " + line);
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static long epochMicrosNow() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /** CPU nanoseconds this process used so far, or -1. */
    static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    static double cpuPercent(long cpuNanos, long wallNanos) {
        if (cpuNanos < 0 || wallNanos <= 0) {
            return -1;
        }
        return 100.0 * cpuNanos / ((double) wallNanos * Runtime.getRuntime().availableProcessors());
    }

    /** Streams every interval to the coordinator, with the process's CPU use over it. */
    private static final class IntervalForwarder implements IntervalSink {
        private final ActorRef<ToCoordinator> coordinator;
        private final int run;
        private final int index;
        private int seq;
        private long cpuAt = cpuNanos();
        private long wallAt = System.nanoTime();

        IntervalForwarder(ActorRef<ToCoordinator> coordinator, int run, int index) {
            this.coordinator = coordinator;
            this.run = run;
            this.index = index;
        }

        @Override
        public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
            long cpu = cpuNanos();
            long wall = System.nanoTime();
            double percent = cpuPercent(cpu - cpuAt, wall - wallAt);
            cpuAt = cpu;
            wallAt = wall;
            coordinator.tell(new IntervalReport(run, index, seq++, IntervalWire.of(s), elapsedSeconds, inFlight, warmUp,
                    percent));
        }

        @Override
        public void close() {
        }
    }
}
