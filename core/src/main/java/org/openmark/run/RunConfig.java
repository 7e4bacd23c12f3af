package org.openmark.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openmark.config.PropertyChanges;
import org.openmark.config.Settings;
import org.openmark.load.Share;
import org.openmark.txn.TxnConfig;
import org.openmark.workload.WorkloadSettings;
import org.openmark.workload.Workloads;

/**
 * A run's configuration, resolved and validated once at the edge (see {@link RunConfigParser}).
 * Everything downstream reads these typed fields, never raw properties. A configuration that
 * differs in a few values (a rating's experiment at another load, the load phase of a run, a
 * worker's part of a load) is derived from it by a {@link RunConfigBuilder} (the {@code with…}
 * methods are its shortcuts), checked as the parser checks, not properties parsed again; the
 * derived configuration keeps the properties it changed, so that {@link #recordedProperties()}
 * still says what it is.
 *
 * @param phase load or run
 * @param store the store's name ({@code --store}, {@code -db})
 * @param settings every effective property it was resolved from (workload and store properties included):
 *     the store's properties, and the record of which names were read
 * @param workload the workload's settings, typed ({@link Workloads#resolve}): what makes the workload
 * @param transactions how the workload's operations use transactions ({@code txn.*})
 * @param model the open model's schedule or the closed model's threads, each with its own options only
 *     (a load phase's is always closed: {@link Model#forLoad()})
 * @param operationCount operations of the phase (0 = only the duration limits it)
 * @param duration time limit of the phase (zero = none)
 * @param warmup time at the start excluded from the final histograms
 * @param granularity how often the measurements are collected into an interval (the interval log,
 *     the time series, the plots and the failure outages have this resolution; stalls are measured in time)
 * @param grace how long outstanding operations may finish after the phase stops
 * @param loadStallTimeout the load phase gives up when no operation was answered for this long (the
 *     load phase has no duration: a store that stopped answering would hold it forever)
 * @param seed the seed of every random choice
 * @param seedChosen true when the user gave no seed and one was chosen
 * @param autoLoad load first when the store is known to be empty (run phase)
 * @param share the part of the run this process does (the whole run unless a coordinator split it)
 * @param virtualTime the run's clock is virtual (a simulated clock: exact, as fast as the CPU
 *     allows), not real time
 * @param thresholds what makes the run invalid
 * @param output where and how the run reports
 * @param changes the properties the configuration's derivation changed, written as a user writes them
 *     ({@link PropertyChanges#NONE} for a configuration the parser resolved from the properties alone)
 */
public record RunConfig(Phase phase, String store, Settings settings, WorkloadSettings workload,
        TxnConfig transactions, Model model, long operationCount,
        Duration duration, Duration warmup, Duration granularity, Duration grace, Duration loadStallTimeout,
        long seed, boolean seedChosen, boolean autoLoad, Share share, boolean virtualTime, Thresholds thresholds,
        Output output, PropertyChanges changes) {

    /**
     * The bounds of a valid run: beyond any of them the run is invalid, and its verdict says which.
     *
     * @param maxSendLag the open model's self-check: the send-lag p99 above which the generator blames itself
     * @param maxErrorRate the store's error budget: above this share of failed operations (any status
     *     but OK and NOT_FOUND) the run is invalid
     * @param maxStall the longest share of the measured time the store may stall (nothing completed while
     *     operations were outstanding)
     * @param stallAfter how long the store must answer nothing while operations wait in it for that to be
     *     a stall (the whole stretch counts; {@link org.openmark.measure.Stalls})
     */
    public record Thresholds(Duration maxSendLag, double maxErrorRate, double maxStall, Duration stallAfter) {
    }

    /**
     * Where and how a phase reports.
     *
     * @param outDir where result files go, or null for none
     * @param percentiles the percentiles printed in the YCSB text block
     * @param statusInterval how often the status line is printed
     * @param quiet no status lines
     * @param form why the model was chosen and which of the closed model's latencies are printed
     * @param ycsb YCSB's measurement output properties ({@code measurementtype}, {@code hdrhistogram.fileoutput})
     */
    public record Output(Path outDir, List<Double> percentiles, Duration statusInterval, boolean quiet,
            ReportForm form, YcsbMeasurement ycsb) {
        /** Without YCSB's output properties (YCSB's defaults). */
        public Output(Path outDir, List<Double> percentiles, Duration statusInterval, boolean quiet, ReportForm form) {
            this(outDir, percentiles, statusInterval, quiet, form, YcsbMeasurement.DEFAULT);
        }
    }

    public RunConfig {
        if (phase == Phase.LOAD && !(model instanceof Model.Closed)) {
            throw new IllegalArgumentException("a load phase runs the closed model, not " + model);
        }
    }

    /**
     * The properties that say what this configuration is: the settings it was resolved from with the
     * values its {@code with…} copies changed. A result records them as its {@code config}, and a store
     * is given them; parsed, they resolve to this configuration again.
     */
    public Map<String, String> recordedProperties() {
        return changes.isEmpty() ? settings.asMap() : changes.applyTo(settings.asMap());
    }

    /**
     * The text the recorded properties give {@code name} ({@link #recordedProperties()}: what the user
     * gave, or what a derivation changed), empty when they leave it unset (its default).
     */
    public java.util.Optional<String> given(String name) {
        String value = changes.changes(name) ? changes.set().get(name) : settings.asMap().get(name);
        return java.util.Optional.ofNullable(value).map(String::strip);
    }

    /** True for a closed-model run paced to a target rate (YCSB's -target), whose latency has an intended start too. */
    public boolean pacedClosedRun() {
        return phase == Phase.RUN && model instanceof Model.Closed closed && closed.paced();
    }

    /** This closed-model run with {@code newThreads} client threads (a rating's load level). */
    public RunConfig withThreads(int newThreads) {
        if (!(model instanceof Model.Closed) || phase != Phase.RUN) {
            throw new IllegalStateException("threads are the load level of a closed-model run, not of a "
                    + phase + " phase of the " + model.choice() + " model");
        }
        return RunConfigBuilder.parent(this).threads(newThreads).build();
    }

    /** This open-model run at a constant arrival rate of {@code perSec} operations a second (a rating's load level). */
    public RunConfig withRatePerSec(double perSec) {
        if (!(model instanceof Model.Open open) || phase != Phase.RUN || !open.constantRate()) {
            throw new IllegalStateException("a constant rate is the load level of an open-model run at a constant"
                    + " rate, not of a " + phase + " phase of the " + model.choice() + " model"
                    + (model instanceof Model.Open o ? " at " + o.schedule().describe() : ""));
        }
        return RunConfigBuilder.parent(this).ratePerSec(perSec).build();
    }

    /** This run for {@code newDuration}, warm-up included (a rating's experiment length). */
    public RunConfig withDuration(Duration newDuration) {
        if (phase != Phase.RUN) {
            throw new IllegalStateException("the " + phase + " phase has no duration");
        }
        return RunConfigBuilder.parent(this).duration(newDuration).build();
    }

    /**
     * The load phase of this configuration, as {@link RunConfigParser} resolves it from the same
     * properties: the closed model (with these threads), no warm-up, no time limit and no operation
     * count (loading inserts each record once), no output files, quiet. The seed stays this run's
     * (where none was given, a second parse would choose another).
     */
    public RunConfig forLoad() {
        return forLoad(true);
    }

    /** {@link #forLoad()}, with its status lines shown unless {@code quiet} (a run's automatic load shows them). */
    public RunConfig forLoad(boolean quiet) {
        return RunConfigBuilder.parent(this).load().quiet(quiet).build();
    }

    /** This configuration for another part of the run (a coordinator checks the whole run). */
    public RunConfig withShare(Share newShare) {
        return RunConfigBuilder.parent(this).share(newShare).build();
    }
}
