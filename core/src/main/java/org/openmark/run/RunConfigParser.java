package org.openmark.run;

import static org.openmark.run.RunProperties.ARRIVAL;
import static org.openmark.run.RunProperties.AUTOLOAD;
import static org.openmark.run.RunProperties.DB;
import static org.openmark.run.RunProperties.DURATION;
import static org.openmark.run.RunProperties.GRACE;
import static org.openmark.run.RunProperties.GRANULARITY;
import static org.openmark.run.RunProperties.LOAD_STALL_TIMEOUT;
import static org.openmark.run.RunProperties.MAX_ERROR_RATE;
import static org.openmark.run.RunProperties.MAX_EXECUTION_TIME;
import static org.openmark.run.RunProperties.MAX_IN_FLIGHT;
import static org.openmark.run.RunProperties.MAX_SEND_LAG;
import static org.openmark.run.RunProperties.MAX_STALL;
import static org.openmark.run.RunProperties.COMMAND_FORM;
import static org.openmark.run.RunProperties.MEASUREMENT_INTERVAL;
import static org.openmark.run.RunProperties.MODEL;
import static org.openmark.run.RunProperties.ON_OVERLOAD;
import static org.openmark.run.RunProperties.OPERATION_COUNT;
import static org.openmark.run.RunProperties.PERCENTILES;
import static org.openmark.run.RunProperties.RATE;
import static org.openmark.run.RunProperties.RATE_SCHEDULE;
import static org.openmark.run.RunProperties.SEED;
import static org.openmark.run.RunProperties.SHARE;
import static org.openmark.run.RunProperties.STALL_AFTER;
import static org.openmark.run.RunProperties.STATUS_INTERVAL;
import static org.openmark.run.RunProperties.STORE;
import static org.openmark.run.RunProperties.TARGET;
import static org.openmark.run.RunProperties.THINKTIME;
import static org.openmark.run.RunProperties.THREADCOUNT;
import static org.openmark.run.RunProperties.TIME;
import static org.openmark.run.RunProperties.WARMUP;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.openmark.config.ConfigException;
import org.openmark.config.Durations;
import org.openmark.config.Percentages;
import org.openmark.config.PropertyChanges;
import org.openmark.config.Settings;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.Arrivals;
import org.openmark.load.OverloadPolicy;
import org.openmark.load.RateSchedule;
import org.openmark.load.Share;
import org.openmark.txn.TxnConfig;
import org.openmark.workload.WorkloadSettings;
import org.openmark.workload.Workloads;

/**
 * Resolves a {@link RunConfig} from properties. Every run option is a property (flags are
 * shortcuts that set them). The defaults are {@link Defaults}' constants; the manual's table of
 * the properties, their flags and defaults is docs/running.md's "Running workloads", which a test
 * (RunPropertiesDocumentedTest) keeps complete and true to the constants. One property is set only
 * by openmark: {@code share} (i/n: this process does share i of n), which a cluster's coordinator
 * gives each worker.
 */
public final class RunConfigParser {
    private RunConfigParser() {
    }

    /**
     * Resolves the configuration of one phase.
     *
     * @param outDir where result files go, or null
     * @param quiet suppress status lines
     */
    public static RunConfig parse(Phase phase, Settings s, Path outDir, boolean quiet) {
        return RunConfigBuilder.properties(phase, s).outDir(outDir).quiet(quiet).build();
    }

    /**
     * Resolves a phase from the properties, with what a builder was told in place of theirs
     * ({@link RunConfigBuilder#properties}): the builder's values were checked when it was told them, the
     * properties' are checked here, and the whole as always. The names the builder changed count as read.
     */
    static RunConfig resolve(Phase phase, Settings s, RunConfigBuilder o) {
        Given given = new Given(s, o.changes);
        s.reads().markKnown(o.changes.set().keySet());
        s.reads().markKnown(o.changes.unset());
        String store = s.contains(STORE) ? s.getString(STORE, Defaults.STORE) : s.getString(DB, Defaults.STORE);
        int threads = o.threads != null ? o.threads : s.getInt(THREADCOUNT, Defaults.THREADS, 1);
        double target = o.targetPerSec != null ? o.targetPerSec : s.getDouble(TARGET, Defaults.TARGET_PER_SEC);
        checkTarget(target, given.text(TARGET));
        Duration think = duration(s, THINKTIME, Defaults.THINK_TIME);
        boolean ycsbForm = s.getChoice(COMMAND_FORM, Defaults.COMMAND_FORM, List.of("ycsb", "openmark")).equals("ycsb");
        ModelReason reason = reasonOf(phase, given::contains, o.model != null, ycsbForm);
        ModelChoice model = modelOf(phase, given, o.model, reason);
        if (phase == Phase.RUN) {
            rejectOtherModelsOptions(given::text, model);
        }
        double rate = o.ratePerSec != null ? o.ratePerSec : s.getDouble(RATE, Defaults.RATE_PER_SEC);
        checkRate(rate, given.text(RATE));
        String arrivalText = s.getString(ARRIVAL, null);
        ArrivalProcess arrival = o.arrival != null ? o.arrival
                : arrivalText == null ? Defaults.ARRIVAL : Arrivals.parse(ARRIVAL, arrivalText);
        checkRateWithoutSchedule(given.contains(RATE_SCHEDULE), given.text(RATE));
        RateSchedule schedule = given.contains(RATE_SCHEDULE)
                ? RateSchedule.parse(RATE_SCHEDULE, s.getString(RATE_SCHEDULE, ""))
                : new RateSchedule.Constant(rate);
        int maxInFlight = o.maxInFlight != null ? o.maxInFlight : s.getInt(MAX_IN_FLIGHT, Defaults.MAX_IN_FLIGHT, 1);
        OverloadPolicy overload = s.getEnum(ON_OVERLOAD, Defaults.ON_OVERLOAD, OverloadPolicy.class);

        Duration duration = o.duration != null ? o.duration
                : s.contains(DURATION) ? duration(s, DURATION, Duration.ZERO)
                : Duration.ofSeconds(s.getLong(MAX_EXECUTION_TIME, 0, 0));
        if (phase == Phase.RUN && given.contains(DURATION)) {
            checkDurationGiven(duration, given.text(DURATION));
        }
        if (duration.isZero() && model == ModelChoice.OPEN && phase == Phase.RUN) {
            duration = schedule.naturalLength();
        }
        // Read in both phases: every YCSB workload file sets it, and a load must neither warn that
        // it is unknown nor accept a value the run would refuse.
        long operationCountAsked = o.operationCount != null ? o.operationCount : s.getLong(OPERATION_COUNT, 0, 0);
        long operationCount = phase == Phase.RUN ? operationCountAsked : 0;
        if (phase == Phase.RUN) {
            checkRunEnds(operationCount, duration);
        }
        // Loading inserts each record once, as fast as it can: no warm-up, no time limit.
        Duration requestedWarmup = o.warmup != null ? o.warmup : duration(s, WARMUP, Defaults.WARMUP);
        Duration warmup = phase == Phase.LOAD ? Duration.ZERO : requestedWarmup;
        if (phase == Phase.LOAD) {
            duration = Duration.ZERO;
        }
        checkWarmup(warmup, duration);
        Duration statusInterval = o.statusInterval != null ? o.statusInterval
                : Duration.ofSeconds(s.getLong(STATUS_INTERVAL, Defaults.STATUS_INTERVAL_SECONDS, 1));
        Duration granularity = o.granularity != null ? o.granularity : Duration.ofMillis(granularityMillis(s));
        double maxErrorRate = percent(s, MAX_ERROR_RATE, Defaults.MAX_ERROR_RATE);
        double maxStall = percent(s, MAX_STALL, Defaults.MAX_STALL);
        Duration stallAfter = duration(s, STALL_AFTER, Defaults.STALL_AFTER);
        if (stallAfter.isZero()) {
            throw ConfigException.of(STALL_AFTER, s.getString(STALL_AFTER, ""), "must be > 0 (the store stalls when"
                    + " it answers nothing for this long while operations wait; e.g. 1s)");
        }
        Duration grace = duration(s, GRACE, Defaults.GRACE);
        boolean seedChosen = o.seed == null && !s.contains(SEED);
        long seed = o.seed != null ? o.seed
                : seedChosen ? new SplittableRandom().nextLong() & Long.MAX_VALUE : s.getLong(SEED, 0);
        String percentilesText = s.getString(PERCENTILES, null);
        List<Double> percentiles = percentilesText == null ? Defaults.PERCENTILES : percentiles(percentilesText);
        YcsbMeasurement ycsbOutput = YcsbMeasurement.from(s);
        boolean autoLoad = o.autoLoad != null ? o.autoLoad : s.getBoolean(AUTOLOAD, Defaults.AUTO_LOAD);
        Duration maxSendLag = duration(s, MAX_SEND_LAG, Defaults.MAX_SEND_LAG);
        boolean virtualTime = s.getChoice(TIME, Defaults.TIME, List.of("real", "virtual")).equals("virtual");
        Duration loadStallTimeout = duration(s, LOAD_STALL_TIMEOUT, Defaults.LOAD_STALL_TIMEOUT);
        if (loadStallTimeout.isZero()) {
            throw ConfigException.of(LOAD_STALL_TIMEOUT, s.getString(LOAD_STALL_TIMEOUT, ""), "must be > 0 (the load"
                    + " phase has no duration: this bounds it when the store stops answering)");
        }
        Share share = o.share != null ? o.share
                : s.contains(SHARE) ? Share.parse(SHARE, s.getString(SHARE, "1/1")) : Share.WHOLE;
        if (phase == Phase.RUN && model == ModelChoice.CLOSED) {
            checkThreadsPerShare(threads, share);
        }
        Model typed = model == ModelChoice.OPEN ? new Model.Open(arrival, schedule, maxInFlight, overload)
                : new Model.Closed(threads, target, think);
        MeasurementInterval interval = intervalOf(s.getString(MEASUREMENT_INTERVAL, null), ycsbForm, typed);
        // Last, as a workload's properties were read after the run's when the workload was made from them.
        WorkloadSettings workload = o.workload(Workloads.resolve(s));
        TxnConfig transactions = o.transactions(TxnConfig.parse(s, workload.transactional()));
        return new RunConfig(phase, store, s, workload, transactions, typed, operationCount, duration, warmup,
                granularity, grace, loadStallTimeout, seed, seedChosen, autoLoad, share, virtualTime,
                new RunConfig.Thresholds(maxSendLag, maxErrorRate, maxStall, stallAfter),
                new RunConfig.Output(o.outDir, percentiles, statusInterval, o.quiet != null && o.quiet,
                        new ReportForm(reason, interval), ycsbOutput), o.changes);
    }

    /**
     * The properties as the parser sees them: the user's, with a builder's changes in their place (for
     * what is given and how it was written; the builder's typed values are used as they are).
     */
    private record Given(Settings s, PropertyChanges changes) {
        boolean contains(String name) {
            return changes.changes(name) ? changes.set().containsKey(name) : s.contains(name);
        }

        /** The text of {@code name} as given, or null when it is not. */
        String text(String name) {
            return changes.changes(name) ? changes.set().get(name) : s.contains(name) ? s.getString(name, "") : null;
        }
    }

    /** A closed model's target is 0 (unpaced) or more; {@code text} as given (null: the default). */
    static void checkTarget(double target, String text) {
        if (target < 0) {
            throw ConfigException.of(TARGET, text, "must be >= 0 ops/s (0 = unpaced)");
        }
    }

    /** A rate and a schedule are not both given; {@code rateText} as given, or null. */
    static void checkRateWithoutSchedule(boolean scheduleGiven, String rateText) {
        if (scheduleGiven && rateText != null) {
            throw ConfigException.of(RATE, rateText, "cannot be given with rate.schedule"
                    + " (--rate-schedule), which sets the rate over time; give one of them");
        }
    }

    /** An open model's rate is above zero and at most the highest rate openmark schedules; {@code text} as given. */
    static void checkRate(double rate, String text) {
        if (!(rate > 0) || rate > RateSchedule.MAX_RATE_PER_SEC) {
            throw ConfigException.of(RATE, text, "must be > 0 and <= " + (long) RateSchedule.MAX_RATE_PER_SEC
                    + " ops/s");
        }
    }

    /** A duration the user gave is not zero; {@code text} as given. */
    static void checkDurationGiven(Duration duration, String text) {
        if (duration.isZero()) {
            throw ConfigException.of(DURATION, text, "must be > 0: a run of no time measures nothing (to bound a run"
                    + " by its operations, give -p operationcount=N and no duration)");
        }
    }

    /** A run stops after its operation count or its duration: it needs one of them. */
    static void checkRunEnds(long operationCount, Duration duration) {
        if (operationCount == 0 && duration.isZero()) {
            throw new ConfigException("operationcount=0 and no duration: give -p operationcount=N or --duration"
                    + " (e.g. --duration 60s) so the run knows when to stop");
        }
    }

    /** The warm-up ends before the duration does (zero: no duration). */
    static void checkWarmup(Duration warmup, Duration duration) {
        if (!duration.isZero() && warmup.compareTo(duration) >= 0) {
            throw ConfigException.of(WARMUP, Durations.format(warmup),
                    "must be shorter than the duration (" + Durations.format(duration) + ")");
        }
    }

    /** A closed run's threads are split over its shares: every share needs one. */
    static void checkThreadsPerShare(int threads, Share share) {
        if (share.part(threads) < 1) {
            throw ConfigException.of(THREADCOUNT, String.valueOf(threads), "must be at least the number of workers ("
                    + share.count() + "), so that every worker has a client thread");
        }
    }

    /**
     * Options of one model given to a run of the other are a mistake, not something to ignore.
     *
     * @param given the text of a property as given, or null when it is not
     */
    static void rejectOtherModelsOptions(java.util.function.Function<String, String> given, ModelChoice model) {
        List<String> closedOnly = List.of(THREADCOUNT, TARGET, THINKTIME);
        List<String> openOnly = List.of(RATE, ARRIVAL, RATE_SCHEDULE, MAX_IN_FLIGHT, ON_OVERLOAD);
        for (String name : model == ModelChoice.OPEN ? closedOnly : openOnly) {
            String text = given.apply(name);
            if (text != null) {
                throw ConfigException.of(name, text, "applies to the "
                        + (model == ModelChoice.OPEN ? "closed" : "open") + " model only, but model="
                        + model.name().toLowerCase(java.util.Locale.ROOT)
                        + (model == ModelChoice.OPEN ? " (use --rate/--max-in-flight, or --model closed)"
                                : " (use -threads/-target, or --model open)"));
            }
        }
    }

    /** The model the reason chose: the load phase's is closed; else the one given, or the one the reason names. */
    private static ModelChoice modelOf(Phase phase, Given given, ModelChoice told, ModelReason reason) {
        Settings s = given.s();
        if (phase == Phase.LOAD) {
            s.contains(MODEL);
            return ModelChoice.CLOSED;
        }
        return switch (reason) {
            case GIVEN -> told != null ? told : s.getEnum(MODEL, ModelChoice.OPEN, ModelChoice.class);
            case CLOSED_FLAGS, YCSB_FORM, LOAD -> ModelChoice.CLOSED;
            case YCSB_FORM_RATE, OPENMARK_DEFAULT -> ModelChoice.OPEN;
        };
    }

    /**
     * Why the phase runs the model it runs: {@code --model} (or a command that set it, which records it
     * as the property), YCSB's {@code -threads}/{@code -target}; else a command in YCSB's form runs
     * YCSB's closed model unless it asks for a rate, and openmark's form runs the open model.
     *
     * @param given whether a property is given
     */
    static ModelReason reasonOf(Phase phase, java.util.function.Predicate<String> given, boolean told,
            boolean ycsbForm) {
        if (phase == Phase.LOAD) {
            return ModelReason.LOAD;
        }
        if (told || given.test(MODEL)) {
            return ModelReason.GIVEN;
        }
        if (given.test(THREADCOUNT) || given.test(TARGET)) {
            return ModelReason.CLOSED_FLAGS;
        }
        if (ycsbForm) {
            return given.test(RATE) || given.test(RATE_SCHEDULE) || given.test(ARRIVAL)
                    ? ModelReason.YCSB_FORM_RATE : ModelReason.YCSB_FORM;
        }
        return ModelReason.OPENMARK_DEFAULT;
    }

    /**
     * The closed model's latency blocks: as {@code measurement.interval} says ({@code text}, or null);
     * not given, YCSB's default ({@code op}) for a command in YCSB's form, while openmark's own form
     * keeps both latencies of a paced closed run, as it always printed them.
     */
    static MeasurementInterval intervalOf(String text, boolean ycsbForm, Model model) {
        if (text != null) {
            return MeasurementInterval.parse(text);
        }
        return !ycsbForm && model instanceof Model.Closed closed && closed.paced() ? MeasurementInterval.BOTH
                : MeasurementInterval.OP;
    }

    /** A share: {@code 5%} or {@code 0.05}; errors name the property. */
    private static double percent(Settings s, String name, double defaultValue) {
        String text = s.getString(name, "").trim();
        if (text.isEmpty()) {
            return defaultValue;
        }
        return Percentages.share(name, text);
    }

    /**
     * {@code timeseries.granularity} in milliseconds, at least 10: a duration with its unit
     * ({@code 500ms}, {@code 2s}), or, as YCSB writes it, a bare whole number of milliseconds.
     */
    static long granularityMillis(Settings s) {
        String v = s.getString(GRANULARITY, null);
        if (v == null || v.strip().replace("_", "").matches("-?\\d+")) {
            return s.getLong(GRANULARITY, Defaults.GRANULARITY_MILLIS, 10);
        }
        Duration d = Durations.parse(GRANULARITY, v);
        checkGranularity(d, v);
        return d.toMillis();
    }

    /** A granularity is whole milliseconds, at least 10; {@code text} as given. */
    static void checkGranularity(Duration d, String text) {
        if (d.toNanos() % 1_000_000 != 0 || d.toMillis() < 10) {
            throw ConfigException.of(GRANULARITY, text, "must be whole milliseconds, at least 10ms (a bare"
                    + " number is milliseconds, as YCSB's)");
        }
    }

    private static Duration duration(Settings s, String name, Duration defaultValue) {
        String v = s.getString(name, null);
        return v == null ? defaultValue : Durations.parse(name, v);
    }

    static List<Double> percentiles(String text) {
        List<Double> out = new ArrayList<>();
        for (String p : text.split(",")) {
            try {
                double d = Double.parseDouble(p.trim());
                if (d <= 0 || d >= 100) {
                    throw new NumberFormatException();
                }
                out.add(d);
            } catch (NumberFormatException e) {
                throw ConfigException.of(PERCENTILES, text,
                        "must be a comma-separated list of numbers between 0 and 100, e.g. 50,95,99,99.9");
            }
        }
        return List.copyOf(out);
    }
}
