package org.openmark.run;

import static org.openmark.run.RunProperties.ARRIVAL;
import static org.openmark.run.RunProperties.AUTOLOAD;
import static org.openmark.run.RunProperties.DURATION;
import static org.openmark.run.RunProperties.GRANULARITY;
import static org.openmark.run.RunProperties.MAX_IN_FLIGHT;
import static org.openmark.run.RunProperties.MODEL;
import static org.openmark.run.RunProperties.OPERATION_COUNT;
import static org.openmark.run.RunProperties.RATE;
import static org.openmark.run.RunProperties.RATE_SCHEDULE;
import static org.openmark.run.RunProperties.SEED;
import static org.openmark.run.RunProperties.SHARE;
import static org.openmark.run.RunProperties.STATUS_INTERVAL;
import static org.openmark.run.RunProperties.TARGET;
import static org.openmark.run.RunProperties.THREADCOUNT;
import static org.openmark.run.RunProperties.WARMUP;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.openmark.api.DurationSyntax;
import org.openmark.config.ConfigException;
import org.openmark.config.PropertyChanges;
import org.openmark.config.PropertyText;
import org.openmark.config.Settings;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.RateSchedule;
import org.openmark.load.Share;
import org.openmark.txn.TxnConfig;
import org.openmark.workload.CoreWorkloadConfig;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.WorkloadSettings;

/**
 * A run's configuration made from a parent, typed, as JMH's {@code OptionsBuilder.parent(...)} makes
 * options: what the builder is not told comes from the parent, what it is told takes its place. Each
 * value is checked when it is given, as the parser checks the same value given as a property (the same
 * {@link ConfigException}: property, value, rule); {@link #build()} then checks the whole as the parser
 * checks a run (it ends, its warm-up is shorter than it, every share has a client thread, no option of
 * the other model is given). What the builder changed is recorded as a user writes it
 * ({@link PropertyChanges}, on top of the parent's), so that the result's
 * {@link RunConfig#recordedProperties()} say what it is: parsed, they resolve to the same configuration.
 *
 * <p>Two kinds of parent:
 * <ul>
 * <li>{@link #parent(RunConfig)}: a resolved configuration, whose typed values are copied; nothing is
 *     parsed again (a worker's part of a load, txn-overhead's two runs, a rating's experiment at its load
 *     level, an experiment's rows, each cluster worker's share of a run);
 * <li>{@link #properties(Phase, Settings)}: the user's properties, resolved by {@link RunConfigParser}
 *     with the builder's values in their place (what the parser does for every run, with nothing set):
 *     for a configuration those properties alone would not make, a rating's, whose model, load level,
 *     length and automatic load are the rating's.
 * </ul>
 */
public final class RunConfigBuilder {
    private final RunConfig parent;
    private final Phase phase;
    private final Settings properties;

    // What this builder sets; null: the parent's. Read by RunConfigParser for a parent of properties.
    boolean loadPhase;
    ModelChoice model;
    Integer threads;
    Double targetPerSec;
    Double ratePerSec;
    ArrivalProcess arrival;
    Integer maxInFlight;
    Duration duration;
    Duration warmup;
    Long operationCount;
    Boolean autoLoad;
    Long seed;
    Share share;
    Duration statusInterval;
    Duration granularity;
    Boolean transactions;
    long[] insertRange;
    boolean outDirSet;
    Path outDir;
    Boolean quiet;
    PropertyChanges changes = PropertyChanges.NONE;

    private RunConfigBuilder(RunConfig parent, Phase phase, Settings properties) {
        this.parent = parent;
        this.phase = phase;
        this.properties = properties;
    }

    /** A configuration like {@code parent} but for what this builder is told. */
    public static RunConfigBuilder parent(RunConfig parent) {
        return new RunConfigBuilder(parent, parent.phase(), parent.settings());
    }

    /**
     * A configuration of {@code phase} resolved from the user's {@code given} properties, with what this
     * builder is told in place of theirs ({@link RunConfigParser#parse} is this with nothing told).
     */
    public static RunConfigBuilder properties(Phase phase, Settings given) {
        return new RunConfigBuilder(null, phase, given);
    }

    /**
     * The load phase of the parent, as the parser resolves it from the same properties: the closed model
     * (with the parent's threads), no warm-up, no time limit and no operation count (loading inserts each
     * record once), no output files, quiet unless told otherwise. The seed stays the parent's.
     */
    public RunConfigBuilder load() {
        loadPhase = true;
        return this;
    }

    /** The load model ({@code model}). */
    public RunConfigBuilder model(ModelChoice choice) {
        model = choice;
        return changed(MODEL, choice.name().toLowerCase(Locale.ROOT));
    }

    /** Closed model: {@code n} client threads ({@code threadcount}; a rating's load level, a worker's part). */
    public RunConfigBuilder threads(int n) {
        atLeast(THREADCOUNT, n, 1);
        threads = n;
        return changed(THREADCOUNT, String.valueOf(n));
    }

    /** Closed model: the total target rate in ops/s, 0 unpaced ({@code target}). */
    public RunConfigBuilder targetPerSec(double perSec) {
        RunConfigParser.checkTarget(perSec, PropertyText.of(perSec));
        targetPerSec = perSec;
        return changed(TARGET, PropertyText.of(perSec));
    }

    /** Open model: a constant arrival rate in ops/s ({@code rate}; a rating's load level). */
    public RunConfigBuilder ratePerSec(double perSec) {
        RunConfigParser.checkRate(perSec, PropertyText.of(perSec));
        ratePerSec = perSec;
        return changed(RATE, PropertyText.of(perSec));
    }

    /** Open model: the arrival process ({@code arrival}). */
    public RunConfigBuilder arrival(ArrivalProcess process) {
        arrival = process;
        return changed(ARRIVAL, process.describe());
    }

    /** Open model: the bound on outstanding operations ({@code maxinflight}). */
    public RunConfigBuilder maxInFlight(int bound) {
        atLeast(MAX_IN_FLIGHT, bound, 1);
        maxInFlight = bound;
        return changed(MAX_IN_FLIGHT, String.valueOf(bound));
    }

    /** The run's time limit, warm-up included ({@code duration}). */
    public RunConfigBuilder duration(Duration d) {
        duration = notNegative(DURATION, d);
        return changed(DURATION, PropertyText.of(d));
    }

    /** The time at the start left out of the final histograms ({@code warmup}). */
    public RunConfigBuilder warmup(Duration d) {
        warmup = notNegative(WARMUP, d);
        return changed(WARMUP, PropertyText.of(d));
    }

    /** The run's operations ({@code operationcount}); 0 leaves it out: the duration alone bounds the run. */
    public RunConfigBuilder operationCount(long count) {
        atLeast(OPERATION_COUNT, count, 0);
        operationCount = count;
        if (count == 0) {
            changes = changes.without(OPERATION_COUNT);
            return this;
        }
        return changed(OPERATION_COUNT, String.valueOf(count));
    }

    /** Whether a run loads an empty store first ({@code autoload}). */
    public RunConfigBuilder autoLoad(boolean on) {
        autoLoad = on;
        return changed(AUTOLOAD, String.valueOf(on));
    }

    /** The seed of every random choice ({@code seed}); a seed given is not one chosen. */
    public RunConfigBuilder seed(long s) {
        seed = s;
        return changed(SEED, String.valueOf(s));
    }

    /** The part of the run this process does ({@code share}). */
    public RunConfigBuilder share(Share part) {
        share = part;
        return changed(SHARE, part.describe());
    }

    /** How often the status line is printed, in whole seconds ({@code status.interval}). */
    public RunConfigBuilder statusInterval(Duration every) {
        if (every.toNanos() % 1_000_000_000L != 0) {
            throw new IllegalArgumentException(STATUS_INTERVAL + " is whole seconds, not " + every);
        }
        atLeast(STATUS_INTERVAL, every.toSeconds(), 1);
        statusInterval = every;
        return changed(STATUS_INTERVAL, String.valueOf(every.toSeconds()));
    }

    /** How often measurements are collected into an interval ({@code timeseries.granularity}: milliseconds, as YCSB's). */
    public RunConfigBuilder granularity(Duration every) {
        if (every.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException(GRANULARITY + " is whole milliseconds, not " + every);
        }
        atLeast(GRANULARITY, every.toMillis(), 10);
        granularity = every;
        return changed(GRANULARITY, String.valueOf(every.toMillis()));
    }

    /** Whether the workload's operations run as transactions ({@code txn.enabled}). */
    public RunConfigBuilder transactions(boolean on) {
        transactions = on;
        return changed(TxnConfig.ENABLED, String.valueOf(on));
    }

    /**
     * The core workload's records this load inserts ({@code insertstart}, {@code insertcount}: a worker's part
     * of a load split over workers), checked as the parser checks them. Only the core workload has them.
     */
    public RunConfigBuilder insertRange(long start, long count) {
        insertRange = new long[] {start, count};
        changed(WorkloadProperties.INSERT_START, String.valueOf(start));
        return changed(WorkloadProperties.INSERT_COUNT, String.valueOf(count));
    }

    /** Where result files go, or null for none (not a property: the command's {@code --out}). */
    public RunConfigBuilder outDir(Path dir) {
        outDirSet = true;
        outDir = dir;
        return this;
    }

    /** No status lines (not a property: the command's {@code --quiet}). */
    public RunConfigBuilder quiet(boolean on) {
        quiet = on;
        return this;
    }

    /**
     * The configuration, checked as the parser checks a run.
     *
     * @throws ConfigException naming the property, the value and the rule the configuration breaks
     */
    public RunConfig build() {
        return parent == null ? RunConfigParser.resolve(phase, properties, this) : derive(parent);
    }

    /** The workload's settings with this builder's changes: the core workload's insert range. */
    WorkloadSettings workload(WorkloadSettings resolved) {
        if (insertRange == null) {
            return resolved;
        }
        if (!(resolved instanceof CoreWorkloadConfig core)) {
            throw new IllegalStateException(WorkloadProperties.INSERT_START + " and " + WorkloadProperties.INSERT_COUNT
                    + " are the core workload's; this workload has no insert range: " + resolved);
        }
        return core.withInsertRange(insertRange[0], insertRange[1]);
    }

    /** The transactions with this builder's changes. */
    TxnConfig transactions(TxnConfig resolved) {
        return transactions == null ? resolved : resolved.withEnabled(transactions);
    }

    private RunConfig derive(RunConfig p) {
        PropertyChanges all = p.changes().then(changes);
        Map<String, String> given = all.applyTo(p.settings().asMap());
        Phase newPhase = loadPhase ? Phase.LOAD : p.phase();
        Model newModel = model(p, newPhase, given);
        Share newShare = share != null ? share : p.share();
        long newCount = newPhase == Phase.LOAD ? 0 : operationCount != null ? operationCount : p.operationCount();
        Duration newDuration = newPhase == Phase.LOAD ? Duration.ZERO : duration != null ? duration : p.duration();
        Duration newWarmup = newPhase == Phase.LOAD ? Duration.ZERO : warmup != null ? warmup : p.warmup();
        if (newPhase == Phase.RUN) {
            if (duration != null) {
                RunConfigParser.checkDurationGiven(duration, PropertyText.of(duration));
            }
            RunConfigParser.checkRunEnds(newCount, newDuration);
            if (newModel instanceof Model.Closed closed) {
                RunConfigParser.checkThreadsPerShare(closed.threads(), newShare);
            }
        }
        RunConfigParser.checkWarmup(newWarmup, newDuration);
        RunConfig.Output o = p.output();
        Path newOutDir = outDirSet ? outDir : loadPhase ? null : o.outDir();
        boolean newQuiet = quiet != null ? quiet : loadPhase || o.quiet();
        // As the parser would say them of the properties this configuration records.
        boolean ycsbForm = "ycsb".equals(given.get(RunProperties.COMMAND_FORM));
        ModelReason reason = RunConfigParser.reasonOf(newPhase, given::containsKey, model != null, ycsbForm);
        MeasurementInterval interval = RunConfigParser.intervalOf(given.get(RunProperties.MEASUREMENT_INTERVAL),
                ycsbForm, newModel);
        RunConfig.Output newOutput = new RunConfig.Output(newOutDir, o.percentiles(),
                statusInterval != null ? statusInterval : o.statusInterval(), newQuiet,
                new ReportForm(reason, interval), o.ycsb());
        return new RunConfig(newPhase, p.store(), p.settings(), workload(p.workload()), transactions(p.transactions()),
                newModel, newCount, newDuration, newWarmup, granularity != null ? granularity : p.granularity(),
                p.grace(), p.loadStallTimeout(), seed != null ? seed : p.seed(), seed == null && p.seedChosen(),
                autoLoad != null ? autoLoad : p.autoLoad(), newShare, p.virtualTime(), p.thresholds(), newOutput, all);
    }

    /**
     * The parent's model with this builder's options. A run that changes its model gets the other model's
     * defaults for what it is not told: the parent's properties cannot give options of a model it does not
     * run, or the parser would have refused them (which is checked again on the properties recorded).
     */
    private Model model(RunConfig p, Phase newPhase, Map<String, String> given) {
        Model m = newPhase == Phase.LOAD ? p.model().forLoad() : p.model();
        if (newPhase == Phase.RUN) {
            // as the parser chooses from the properties recorded: given, or YCSB's flags choose it
            boolean closedFlags = given.containsKey(THREADCOUNT) || given.containsKey(TARGET);
            ModelChoice choice = model != null ? model : given.containsKey(MODEL) ? m.choice()
                    : closedFlags ? ModelChoice.CLOSED : ModelChoice.OPEN;
            RunConfigParser.rejectOtherModelsOptions(given::get, choice);
            if (choice != m.choice()) {
                m = choice == ModelChoice.OPEN ? new Model.Open(Defaults.ARRIVAL,
                        new RateSchedule.Constant(Defaults.RATE_PER_SEC), Defaults.MAX_IN_FLIGHT, Defaults.ON_OVERLOAD)
                        : Model.Closed.DEFAULT;
            }
        }
        return switch (m) {
            case Model.Closed c -> new Model.Closed(threads != null ? threads : c.threads(),
                    targetPerSec != null ? targetPerSec : c.targetPerSec(), c.thinkTime());
            case Model.Open o -> {
                if (ratePerSec != null) {
                    RunConfigParser.checkRateWithoutSchedule(given.containsKey(RATE_SCHEDULE), given.get(RATE));
                }
                yield new Model.Open(arrival != null ? arrival : o.arrival(),
                        ratePerSec != null ? new RateSchedule.Constant(ratePerSec) : o.schedule(),
                        maxInFlight != null ? maxInFlight : o.maxInFlight(), o.onOverload());
            }
        };
    }

    private RunConfigBuilder changed(String name, String value) {
        changes = changes.with(name, value);
        return this;
    }

    /** A whole number is at least {@code min}: the parser's error for it given as a property. */
    private static void atLeast(String name, long value, long min) {
        if (value < min) {
            throw ConfigException.of(name, String.valueOf(value), "must be >= " + min);
        }
    }

    /** A duration is not negative: the parser's error for the text a negative one would be written as. */
    private static Duration notNegative(String name, Duration d) {
        if (d.isNegative()) {
            throw ConfigException.of(name, PropertyText.of(d), "must be " + DurationSyntax.FORMS);
        }
        return d;
    }
}
