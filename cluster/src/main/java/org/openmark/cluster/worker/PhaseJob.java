package org.openmark.cluster.worker;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreUnreachableException;
import org.openmark.cluster.coordinator.RunActor;
import org.openmark.cluster.coordinator.CoordinatorActor.Plan;
import org.openmark.cluster.coordinator.RunActor.Done;
import org.openmark.cluster.coordinator.RunActor.Failed;
import org.openmark.cluster.coordinator.RunActor.Go;
import org.openmark.cluster.coordinator.RunActor.Prepared;
import org.openmark.cluster.coordinator.RunActor.Ready;
import org.openmark.cluster.coordinator.RunActor.StartAt;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.cluster.worker.CoordinatorLink.LostException;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
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
import org.openmark.workload.Workload;
import org.openmark.workload.Workloads;

/**
 * A worker's part of one load or run phase: open the store and say what it found, load as the
 * coordinator decided, wait at the start gate, run its share while the intervals stream to the
 * coordinator, and report the result. When the coordinator is lost it writes what it measured
 * locally instead.
 */
final class PhaseJob {
    private final CoordinatorLink link;
    private final StopSignal stop;
    private final Clock clock;
    private final Path partialDir;
    private final Path ownLogs;
    private final PhaseWatch watch;
    private final PrintStream err;

    /**
     * @param partialDir where a partial result goes when the coordinator is lost
     * @param ownLogs where the worker keeps its own interval log of each run, or null
     * @param watch what watches the phase live (the worker's --metrics)
     */
    PhaseJob(CoordinatorLink link, StopSignal stop, Clock clock, Path partialDir, Path ownLogs, PhaseWatch watch,
            PrintStream err) {
        this.watch = watch;
        this.link = link;
        this.stop = stop;
        this.clock = clock;
        this.partialDir = partialDir;
        this.ownLogs = ownLogs;
        this.err = err;
    }

    /** {@code hooks} with the live watch's sinks for {@code cfg} added. */
    private PhaseHooks watched(PhaseHooks hooks, RunConfig cfg) {
        List<IntervalSink> all = new ArrayList<>(hooks.sinks());
        all.addAll(watch.sinks(cfg));
        return new PhaseHooks(all, hooks.gate());
    }

    /** Runs the plan, telling the run's actor ({@code runActor}) how it goes; returns 0, or 1 if it failed. */
    int run(Plan p, ActorRef<RunActor.FromWorker> runActor, int index) throws InterruptedException {
        Phase phase = p.phase().phase();
        Settings settings = Settings.of(p.settings());
        RunConfig cfg;
        Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, clock, Tasks.real(), stop, err);
        Store store;
        try {
            cfg = RunConfigParser.parse(phase, settings, null, true);
            store = runner.openStore(cfg);
        } catch (ConfigException e) {
            runActor.tell(new Failed(index, e.getMessage(), true));
            return 1;
        } catch (StoreUnreachableException e) {
            runActor.tell(new Failed(index, e.getMessage(), false, true));
            return 1;
        } catch (RuntimeException e) {
            runActor.tell(new Failed(index, String.valueOf(e.getMessage()), false));
            return 1;
        }
        RunResult result = null;
        OwnIntervalLog ownLog = null;
        try (store) {
            Workload workload = runner.createWorkload(cfg);
            runActor.tell(new Prepared(index, store.isKnownEmpty(workload.table()), store.isEmbedded()));
            Load load = link.expect(Go.class, p.run()).load();
            IntervalForwarder forwarder = new IntervalForwarder(link, runActor, index, clock);
            List<IntervalSink> sinks = new ArrayList<>(List.of(forwarder));
            if (ownLogs != null) {
                ownLog = new OwnIntervalLog(ownLogs.resolve("run-" + p.run()).resolve("latency.hlog"));
                sinks.add(ownLog);
            }
            StartGate gate = new StartGate(clock, stop);
            PhaseHooks hooks = new PhaseHooks(sinks, () -> {
                runActor.tell(new Ready(index));
                try {
                    gate.await(link.expect(StartAt.class, p.run()).workerEpochMicros());
                } catch (TimeoutException e) {
                    throw new LostException("no start instant came within a day");
                }
            });
            CpuMeter cpu = new CpuMeter(clock);
            if (phase == Phase.LOAD) {
                RunConfig loadCfg = load == Load.PARTITION ? LoadShare.partition(cfg, settings)
                        : LoadShare.threads(cfg, settings);
                result = runner.runOn(loadCfg, runner.createWorkload(loadCfg), store, List.of(), List.of(),
                        watched(hooks, loadCfg));
            } else {
                if (load != Load.NONE) {
                    RunConfig loadCfg = load == Load.PARTITION ? LoadShare.partition(cfg, settings) : cfg;
                    RunResult loaded = runner.load(loadCfg, runner.createWorkload(loadCfg), store);
                    say(String.format(Locale.ROOT, "loaded %d records (%s) in %.1f s",
                            loaded.accounting().completed(), load == Load.PARTITION ? "its part" : "all",
                            loaded.runtimeMs() / 1000.0));
                }
                result = runner.runOn(cfg, workload, store, List.of(), List.of(), watched(hooks, cfg));
            }
            watch.ended(result);
            double cpuPercent = cpu.lap();
            // An unreachable coordinator gets the result once it is reachable again (its intervals go first).
            if (link.gone() || !link.awaitReachable()) {
                return partial(result);
            }
            runActor.tell(new Done(index, ResultWire.of(result), cpuPercent,
                    result.interrupted() ? link.ownStopReason() : null));
            return 0;
        } catch (LostException e) {
            return partial(result);
        } catch (TimeoutException e) {
            say("the coordinator gave no instruction within a day");
            return 1;
        } catch (ConfigException e) {
            runActor.tell(new Failed(index, e.getMessage(), true));
            return 1;
        } catch (IOException | RuntimeException e) {
            runActor.tell(new Failed(index, String.valueOf(e.getMessage()), false));
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

    /** Writes what this worker measured before the coordinator was lost; returns 1. */
    private int partial(RunResult result) {
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

    private void say(String line) {
        err.println("openmark worker: " + line);
    }
}
