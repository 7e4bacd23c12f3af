package org.openmark.cluster.worker;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.cluster.protocol.Done;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.Prepared;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.output.IntervalSink;
import org.openmark.run.Phase;
import org.openmark.run.PhaseHooks;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workload;
import org.openmark.workload.Workloads;

/**
 * A worker's share of a load or run phase: the plan's configuration (typed, as the coordinator derived it), the store
 * opened by the {@link Runner} a single process uses, loaded as the coordinator decided, and run
 * with its intervals streaming to the coordinator (and into the worker's own log); its result is
 * reported, or kept locally when the coordinator is lost ({@link RunEnd.Measured#result}).
 */
final class PhaseShare implements RunJob.Share {
    private final RunConfig cfg;
    private final Runner runner;
    private final Store store;
    private final Workload workload;
    private final RunCues cues;
    private final IntervalSink forwarder;
    private final OwnIntervalLog ownLog;
    private final PhaseWatch watch;
    private final Clock clock;
    private final PrintStream err;
    private final int index;

    private PhaseShare(int index, RunConfig cfg, Runner runner, Store store, Workload workload, RunCues cues,
            IntervalSink forwarder, Path ownLog, PhaseWatch watch, Clock clock, PrintStream err) {
        this.cfg = cfg;
        this.runner = runner;
        this.store = store;
        this.workload = workload;
        this.cues = cues;
        this.forwarder = forwarder;
        this.ownLog = ownLog == null ? null : new OwnIntervalLog(ownLog);
        this.watch = watch;
        this.clock = clock;
        this.err = err;
        this.index = index;
    }

    /**
     * Opens the store of worker {@code index}'s share {@code cfg} of a load or run phase (its plan, as the
     * coordinator derived it) and builds its workload.
     *
     * @param forwarder where the phase's intervals go, for the coordinator
     * @param ownLog the worker's own interval log of the run, or null
     * @param watch what watches the phase live (the worker's --metrics)
     */
    static PhaseShare open(int index, RunConfig cfg, RunCues cues, IntervalSink forwarder, Path ownLog,
            PhaseWatch watch, Clock clock, PrintStream err) {
        Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, clock, Tasks.real(), cues.stop(), err);
        Store store = runner.openStore(cfg);
        try {
            return new PhaseShare(index, cfg, runner, store, runner.createWorkload(cfg), cues, forwarder, ownLog, watch,
                    clock, err);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    @Override
    public Prepared prepared() {
        return new Prepared(index, store.isKnownEmpty(workload.table()), store.isEmbedded());
    }

    @Override
    public RunEnd measure(Load load, PhaseHooks.StartGate gate) throws IOException, InterruptedException {
        List<IntervalSink> sinks = new ArrayList<>(List.of(forwarder));
        if (ownLog != null) {
            sinks.add(ownLog);
        }
        PhaseHooks hooks = new PhaseHooks(sinks, gate);
        CpuMeter cpu = new CpuMeter(clock);
        RunResult result;
        if (cfg.phase() == Phase.LOAD) {
            RunConfig loadCfg = load == Load.PARTITION ? LoadShare.partition(cfg) : LoadShare.threads(cfg);
            result = runner.runOn(loadCfg, runner.createWorkload(loadCfg), store, List.of(), List.of(),
                    watched(hooks, loadCfg));
        } else {
            if (load != Load.NONE) {
                RunConfig loadCfg = load == Load.PARTITION ? LoadShare.partition(cfg) : cfg;
                RunResult loaded = runner.load(loadCfg, runner.createWorkload(loadCfg), store);
                say(String.format(Locale.ROOT, "loaded %d records (%s) in %.1f s", loaded.accounting().completed(),
                        load == Load.PARTITION ? "its part" : "all", loaded.runtimeMs() / 1000.0));
            }
            result = runner.runOn(cfg, workload, store, List.of(), List.of(), watched(hooks, cfg));
        }
        watch.ended(result);
        double cpuPercent = cpu.lap();
        return new RunEnd.Measured(new Done(index, ResultWire.of(result), cpuPercent,
                result.interrupted() ? cues.stoppedHere() : null), result);
    }

    /** {@code hooks} with the live watch's sinks for {@code phaseCfg} added. */
    private PhaseHooks watched(PhaseHooks hooks, RunConfig phaseCfg) {
        List<IntervalSink> all = new ArrayList<>(hooks.sinks());
        all.addAll(watch.sinks(phaseCfg));
        return new PhaseHooks(all, hooks.gate());
    }

    @Override
    public void close() {
        try {
            if (ownLog != null) {
                ownLog.close();
            }
        } catch (IOException e) {
            say("could not write its own interval log: " + e.getMessage());
        } finally {
            store.close();
        }
    }

    private void say(String line) {
        err.println("openmark worker: " + line);
    }
}
