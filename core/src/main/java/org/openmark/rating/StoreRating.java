package org.openmark.rating;

import static org.openmark.run.RunProperties.THREADCOUNT;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.api.Imageable;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.ConfigNotes;
import org.openmark.run.Model;
import org.openmark.run.ModelChoice;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigBuilder;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.TableEraser;
import org.openmark.timing.VirtualClock;
import org.openmark.workload.Workload;

/**
 * The real {@link Experimenter}: runs each experiment against one open store with the run
 * engine, restoring the database between experiments as the reload policy says. The load level
 * is the closed model's thread count or the open model's arrival rate (ops/s); the SLA is judged
 * on response time (from the intended start) over every operation. An experiment whose load
 * generator limited it (the open model's self-check) is invalid, never the store's limit.
 */
public final class StoreRating implements Experimenter, AutoCloseable {
    private final Runner runner;
    /** Every experiment's configuration but its load level and length (load level 1, for loading). */
    private final RunConfig common;
    private final ModelChoice model;
    private final Sla sla;
    private Duration experimentLength;
    private final Duration warmup;
    private final ReloadPolicy reload;
    private final Clock clock;
    private final PrintStream log;
    private final List<RunResult> results = new ArrayList<>();
    private Store store;
    private Workload workload;
    private StoreImage image;
    private int experiments;
    private Duration initialLoad = Duration.ZERO;
    private Duration reloading = Duration.ZERO;
    private int reloads;
    private final ExperimentRunner experimentRunner;

    public StoreRating(Runner runner, Settings base, ModelChoice model, Sla sla, Duration experimentLength,
            Duration warmup, ReloadPolicy reload, Clock clock, PrintStream log) {
        this(runner, base, model, sla, experimentLength, warmup, reload, clock, log, null);
    }

    /**
     * @param base the rating's properties: the store, the workload, the seed, …
     * @param experimentRunner runs each experiment's measured phase; null: here, on the store this rating opened
     * @throws ConfigException when the properties are bad input for a run of {@code model}
     */
    public StoreRating(Runner runner, Settings base, ModelChoice model, Sla sla, Duration experimentLength,
            Duration warmup, ReloadPolicy reload, Clock clock, PrintStream log, ExperimentRunner experimentRunner) {
        this.experimentRunner = experimentRunner != null ? experimentRunner
                : (cfg, w, s) -> runner.runOn(cfg, w, s, List.of(), List.of());
        this.runner = runner;
        this.common = commonConfig(base, model, experimentLength, warmup);
        this.model = model;
        this.sla = sla;
        this.experimentLength = experimentLength;
        this.warmup = warmup;
        this.reload = reload;
        this.clock = clock;
        this.log = log;
    }

    /** Opens the store, loads it when empty (ζ), and saves an image when the policy needs one. */
    public void prepare() throws InterruptedException {
        store = runner.openStore(common);
        runner.checkTimePasses(common, store);
        workload = runner.createWorkload(common);
        if (store.isKnownEmpty(workload.table())) {
            RunResult load = runner.load(common, workload, store);
            // ζ is the load phase's own time, from its start to its last insert's answer. Around it
            // the harness starts up (the first phase of a process compiles the measurement path,
            // some 0.3 s, and asks the store to describe itself), which is no more the store's
            // loading than the same start-up before an experiment is part of its warm-up + δ.
            initialLoad = Duration.ofMillis(load.runtimeMs());
            log.printf(Locale.ROOT, "rate: loaded %d records in %s (the initial load ζ)%n",
                    load.accounting().completed(), RatingFormat.duration(initialLoad));
        }
        if (reload.mode() == ReloadMode.IMAGE || reload.imageEvery() > 0) {
            if (!(store instanceof Imageable imageable)) {
                throw ConfigException.of(ReloadPolicy.FLAG, reload.toString(), "store '"
                        + common.store() + "' cannot save images; use --reload repair or full");
            }
            image = imageable.saveImage();
        }
    }

    @Override
    public ExperimentResult run(long loadLevel) {
        return experiment(loadLevel, experimentLength);
    }

    @Override
    public ExperimentResult confirm(long loadLevel, Duration sustain) {
        return experiment(loadLevel, sustain);
    }

    /**
     * One delta-analyzer sample: an experiment at {@code loadLevel} for {@code length}, with the
     * machine's CPU and disk utilization over it (in real time only).
     */
    public DeltaSample sample(long loadLevel, Duration length) {
        // The real machine's utilization over a stretch of virtual time means nothing (and it
        // varied so much between runs that the analyzer never agreed).
        boolean real = !(clock instanceof VirtualClock);
        MachineUtilization before = real ? MachineUtilization.read(clock.currentTimeMillis()) : null;
        ExperimentResult r = experiment(loadLevel, length);
        MachineUtilization after = real ? MachineUtilization.read(clock.currentTimeMillis()) : null;
        return new DeltaSample(r.throughputOpsPerSec(),
                before == null || after == null ? Map.of() : after.since(before));
    }

    private ExperimentResult experiment(long loadLevel, Duration length) {
        if (runner.stopped()) {
            throw RatingException.interrupted("rating interrupted before the experiment at load " + loadLevel);
        }
        try {
            if (reload.restoresBefore(experiments)) {
                restore();
            }
            experiments++;
            RepairingStore repairing = reload.mode() == ReloadMode.REPAIR ? new RepairingStore(store) : null;
            RunConfig cfg = config(loadLevel, length);
            log.printf(Locale.ROOT, "rate: experiment %d at %s %d for %s ...%n", experiments,
                    model == ModelChoice.OPEN ? "rate" : "threads", loadLevel, RatingFormat.duration(length));
            RunResult r = experimentRunner.run(cfg, workload, repairing != null ? repairing : store);
            if (r.interrupted()) {
                // Its figures cover part of an experiment: not a result. The repair is skipped so
                // that the command ends within its bound; the report says the store is left as is.
                results.add(r);
                throw RatingException.interrupted("rating interrupted during the experiment at load " + loadLevel
                        + (repairing != null ? " (its writes were not repaired: reload the store before rating"
                        + " it again)" : ""));
            }
            if (repairing != null) {
                long t0 = clock.nanoTime();
                repairing.repair();
                reloading = reloading.plusNanos(clock.nanoTime() - t0);
                reloads++;
            }
            results.add(r);
            return judge(loadLevel, r);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RatingException.aborted("rating interrupted at load " + loadLevel);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExperimentResult judge(long loadLevel, RunResult r) {
        ExperimentMeasurement m = measurement(r);
        // Invalid by the store's own verdict only (its failures, its stalls): a result about the
        // store, which did not serve this load (the SLA is not met), not a generator that failed.
        boolean storesFault = !r.valid() && r.validation() == null && r.accounting().addsUp()
                && r.warnings().stream().noneMatch(org.openmark.run.Verdicts::blamesTheGenerator)
                && r.warnings().stream().anyMatch(w -> w.startsWith("the store ") || w.startsWith("no operation"));
        if (!r.valid() && r.validation() == null && !storesFault) {
            String reason = r.warnings().isEmpty() ? "the run was not valid" : String.join("; ", r.warnings());
            return ExperimentResult.invalid(loadLevel, r.throughput(), reason, sla, m);
        }
        if (storesFault) {
            log.println("rate: the store failed its verdict at load " + loadLevel + " (" + String.join("; ",
                    r.warnings()) + "): the SLA is not met there");
            return ExperimentResult.storeFailed(loadLevel, r.throughput(), sla, m);
        }
        return ExperimentResult.measured(loadLevel, r.throughput(), sla, m);
    }

    /**
     * What the SLA judges in a run: the response time of every operation that finished (OK or
     * failed) and the share of reads that were unpredictable. With no operation finished, no
     * latency bounds them: {@link Long#MAX_VALUE}, which meets no latency bound.
     */
    private static ExperimentMeasurement measurement(RunResult r) {
        Histogram all = org.openmark.measure.Measurements.newHistogram();
        long reads = 0;
        long unpredictable = 0;
        for (OpResult op : r.operations()) {
            if (op.dataCheck()) {
                // the checks of what the reads returned (dataintegrity): a read whose data differs is unpredictable
                unpredictable += op.statuses().getOrDefault(Status.UNEXPECTED_STATE, 0L);
                continue;
            }
            all.add(op.okResponse());
            all.add(op.failedResponse());
            if (op.name().equals("READ")) {
                reads += op.count();
                unpredictable += op.statuses().getOrDefault(Status.UNEXPECTED_STATE, 0L);
            }
        }
        double fraction = reads == 0 ? 0 : unpredictable / (double) reads;
        return new ExperimentMeasurement(p -> all.getTotalCount() == 0 ? Long.MAX_VALUE
                : all.getValueAtPercentile(p) * 1000, fraction, Duration.ofMillis(r.runtimeMs()));
    }

    private void restore() {
        long t0 = clock.nanoTime();
        switch (reload.mode()) {
            case IMAGE -> ((Imageable) store).restoreImage(image);
            case NONE -> ((Imageable) store).restoreImage(image);
            case FULL -> fullReload();
            case REPAIR -> {
                return; // repaired right after each experiment
            }
        }
        reloading = reloading.plusNanos(clock.nanoTime() - t0);
        reloads++;
    }

    /** Deletes every record of the workload's table through the binding, then loads again. */
    private void fullReload() {
        try {
            TableEraser.erase(store, workload.table());
        } catch (StoreException e) {
            throw RatingException.aborted("--reload full: " + e.getMessage() + "; use repair"
                    + (store instanceof Imageable ? " or image" : ""));
        }
        try {
            workload = runner.createWorkload(common);
            runner.load(common, workload, store);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RatingException.aborted("rating interrupted while reloading");
        }
    }

    /**
     * The configuration every experiment shares, resolved once: a run of the rating's model on the
     * rating's properties, at load level 1, without loading first (the rating loads and reloads
     * itself) and without the workload's operation count (an experiment lasts its length). Made from
     * the properties with the rating's own values in their place, not from properties edited.
     */
    static RunConfig commonConfig(Settings base, ModelChoice model, Duration length, Duration warmup) {
        RunConfigBuilder b = RunConfigBuilder.properties(Phase.RUN, base).model(model);
        if (model == ModelChoice.OPEN) {
            b.ratePerSec(1);
        } else {
            b.threads(1);
        }
        return b.operationCount(0).duration(length.plus(warmup)).warmup(warmup).autoLoad(false).quiet(true).build();
    }

    /** The experiment at {@code loadLevel} for {@code length} after the warm-up. */
    private RunConfig config(long loadLevel, Duration length) {
        RunConfig atLoad = switch (common.model()) {
            case Model.Open open -> common.withRatePerSec(loadLevel);
            case Model.Closed closed when loadLevel > Integer.MAX_VALUE ->
                    throw ConfigException.of(THREADCOUNT, String.valueOf(loadLevel), "must be <= " + Integer.MAX_VALUE);
            case Model.Closed closed -> common.withThreads((int) loadLevel);
        };
        return atLoad.withDuration(length.plus(warmup));
    }

    /** Warnings for the properties no part of the rating read, with close matches; after {@link #prepare}. */
    public List<String> unknownProperties() {
        return workload == null ? List.of() : ConfigNotes.unknownProperties(common.settings());
    }

    /** True when the opened store lives in this process (so workers of a cluster could not share it). */
    public boolean storeIsEmbedded() {
        return store != null && store.isEmbedded();
    }

    /** Sets δ (after the delta analyzer chose it). */
    public void useExperimentLength(Duration length) {
        this.experimentLength = length;
    }

    /** Measured costs: ζ, the mean reload, the warm-up and δ. */
    public RatingCosts measuredCosts() {
        Duration each = reloads == 0 ? Duration.ZERO : reloading.dividedBy(reloads);
        return new RatingCosts(initialLoad, each, warmup, experimentLength);
    }

    /** Every run's result, in order. */
    public List<RunResult> results() {
        return results;
    }

    @Override
    public void close() {
        if (image != null) {
            image.close();
        }
        if (store != null) {
            store.close();
        }
    }
}
