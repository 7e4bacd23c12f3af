package org.openmark.cli;

import static org.openmark.run.RunProperties.ARRIVAL;
import static org.openmark.run.RunProperties.COMMAND_FORM;
import static org.openmark.run.RunProperties.DURATION;
import static org.openmark.run.RunProperties.GRACE;
import static org.openmark.run.RunProperties.GRANULARITY;
import static org.openmark.run.RunProperties.MAX_ERROR_RATE;
import static org.openmark.run.RunProperties.MAX_EXECUTION_TIME;
import static org.openmark.run.RunProperties.MAX_IN_FLIGHT;
import static org.openmark.run.RunProperties.MAX_SEND_LAG;
import static org.openmark.run.RunProperties.MAX_STALL;
import static org.openmark.run.RunProperties.MODEL;
import static org.openmark.run.RunProperties.ON_OVERLOAD;
import static org.openmark.run.RunProperties.OPERATION_COUNT;
import static org.openmark.run.RunProperties.RATE;
import static org.openmark.run.RunProperties.RATE_SCHEDULE;
import static org.openmark.run.RunProperties.SEED;
import static org.openmark.run.RunProperties.STALL_AFTER;
import static org.openmark.run.RunProperties.STATUS_INTERVAL;
import static org.openmark.run.RunProperties.STORE;
import static org.openmark.run.RunProperties.TARGET;
import static org.openmark.run.RunProperties.THINKTIME;
import static org.openmark.run.RunProperties.THREADCOUNT;
import static org.openmark.run.RunProperties.TIME;
import static org.openmark.run.RunProperties.WARMUP;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openmark.config.Durations;
import org.openmark.config.PropertyText;
import org.openmark.config.Settings;
import org.openmark.run.Defaults;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options shared by {@code run} and {@code load}: YCSB's flags unchanged, plus openmark's.
 * Each flag only sets a property (see RunConfigParser for the property names and defaults), so
 * anything can also be given as {@code -p name=value} or in a -P file.
 */
final class RunOptions {
    @Option(names = "-P", paramLabel = "FILE", description = "A property file (YCSB workload file) or a bundled"
            + " workload name (workloada … workloadf). Repeatable; later files win.")
    List<String> propertyFiles = new ArrayList<>();

    @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Sets one property; wins over -P files.")
    List<String> properties = new ArrayList<>();

    @Option(names = "--store", paramLabel = "NAME", description = "The store (default " + Defaults.STORE
            + "). See 'openmark stores'. openmark's form: without -threads or -target the run is the open model.")
    String store;

    @Option(names = "-db", paramLabel = "CLASS", description = "YCSB's form of --store: a YCSB binding class"
            + " (-db site.ycsb.db.MongoDbClient) runs on the ycsb store, or on openmark's native store for the classes"
            + " it has one for (or a store's name). A command in YCSB's form runs YCSB's closed model (-threads,"
            + " default 1, unthrottled) unless it gives --rate, --rate-schedule or --arrival.")
    String db;

    @Parameters(arity = "0..1", paramLabel = "BINDING", description = "As YCSB's bin/ycsb takes it: the binding's"
            + " name (basic, rocksdb, redis, jdbc, cassandra-cql), for the native store that does the same; the same"
            + " as -db with the binding's class, YCSB's form.")
    String binding;

    @Option(names = "--ycsb-classpath", paramLabel = "PATH", description = "The jars and class directories of a YCSB"
            + " binding: ':'-separated, DIR/* for every jar in DIR (quote it); repeatable. Sets ycsb.classpath.")
    List<String> ycsbClassPath = new ArrayList<>();

    @Option(names = "-threads", paramLabel = "N", description = "Client threads (closed model; also the load phase).")
    Integer threads;

    @Option(names = "-target", paramLabel = "OPS", description = "Closed model: total target rate in ops/s.")
    Double target;

    @Option(names = "-s", arity = "0..1", fallbackValue = "", paramLabel = "SECONDS", description = "YCSB's flag:"
            + " status lines (openmark prints them unless --quiet) every status.interval seconds (default "
            + Defaults.STATUS_INTERVAL_SECONDS + ", as in YCSB), or every SECONDS when given; they go to stderr.")
    String statusInterval;

    @Option(names = "--quiet", description = "No status lines.")
    boolean quiet;

    @Option(names = "--model", paramLabel = "open|closed", description = "Load model (default open, or closed when"
            + " -threads/-target is given or the store is named YCSB's way, -db or bin/ycsb's binding name, without"
            + " --rate).")
    String model;

    @Option(names = "--rate", paramLabel = "OPS", description = "Open model: target arrival rate in ops/s (default "
            + Defaults.RATE_PER_SEC + ").")
    Double rate;

    @Option(names = "--arrival", paramLabel = "PROCESS", description = "Open model: constant, poisson (default),"
            + " pareto:SHAPE, hyperexp:CV.")
    String arrival;

    @Option(names = "--rate-schedule", paramLabel = "SCHEDULE", description = "Open model: \"ramp:FROM..TO over"
            + " DURATION\" or \"steps:R1,R2,... every DURATION\".")
    String rateSchedule;

    @Option(names = "--max-in-flight", paramLabel = "N", description = "Open model: bound on outstanding operations"
            + " (default " + Defaults.MAX_IN_FLIGHT + "; lower when the store's client sends fewer requests at once).")
    Integer maxInFlight;

    @Option(names = "--on-overload", paramLabel = "wait|drop", description = "Open model: when all in-flight slots"
            + " are taken, wait (default; counted) or drop (counted; run invalid).")
    String onOverload;

    @Option(names = "--think-time", paramLabel = "DURATION", description = "Closed model: pause after each operation.")
    String thinkTime;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Stop after this long (e.g. 60s, 5m)."
            + " With a duration, operationcount from -P files is ignored unless given with -p.")
    String duration;

    @Option(names = "--warmup", paramLabel = "DURATION", description = "Exclude the first DURATION from the final"
            + " histograms (kept in the interval log).")
    String warmup;

    @Option(names = "--grace", paramLabel = "DURATION", description = "How long outstanding operations may finish"
            + " after the run stops (default 5s).")
    String grace;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of every random choice, the simulated store's too"
            + " unless -p sim.seed is given (default: chosen and printed).")
    Long seed;

    @Option(names = "--max-send-lag", paramLabel = "DURATION", description = "Open model: send-lag p99 above this"
            + " marks the run invalid (default 1ms).")
    String maxSendLag;

    @Option(names = "--max-error-rate", paramLabel = "PERCENT", description = "The store's error budget: above this"
            + " share of failed operations (any status but OK and NOT_FOUND) the run is invalid (default 1%%).")
    String maxErrorRate;

    @Option(names = "--max-stall", paramLabel = "PERCENT", description = "The longest share of the measured time the"
            + " store may stall (answer nothing while operations wait in it: see --stall-after) before the run is"
            + " invalid (default 10%%).")
    String maxStall;

    @Option(names = "--stall-after", paramLabel = "DURATION", description = "The store stalls when it answers nothing"
            + " for this long while operations wait in it (a TIMEOUT is no answer); the whole stretch counts, measured"
            + " from the operations' own times, whatever the granularity (default 1s).")
    String stallAfter;

    @Option(names = "--granularity", paramLabel = "DURATION", description = "How often measurements are collected"
            + " into an interval: the resolution of latency.hlog, timeseries.csv, the plots and the failure outages (stalls are"
            + " measured in time), e.g. 500ms or"
            + " 2s; a bare number is milliseconds, as YCSB's timeseries.granularity (default "
            + Defaults.GRANULARITY_MILLIS + "ms).")
    String granularity;

    @Option(names = "--time", paramLabel = "real|virtual", description = "real (default) or"
            + " virtual time: a simulated clock, exact and as fast as the CPU allows, for stores in this process (sim,"
            + " memory, noop, rocksdb; only the simulated store's calls take virtual time); the same seed then gives the"
            + " same result files.")
    String time;

    @Option(names = "--no-txn", description = "Run the workload without transaction boundaries (txn.enabled=false).")
    boolean noTxn;

    @Option(names = "--out", paramLabel = "DIR", description = "Write result.json, result.txt, latency.hlog and"
            + " timeseries.csv here.")
    Path out;

    /**
     * The effective properties: -P files, then -p pairs, then flags.
     *
     * @param err where to say that a native store stands in for a YCSB class
     */
    Settings settings(PrintStream err) {
        List<String> files = propertyFiles.isEmpty() ? List.of(PropertySources.DEFAULT_WORKLOAD) : propertyFiles;
        Map<String, String> pairs = PropertySources.pairs(properties);
        Map<String, String> m = new LinkedHashMap<>(PropertySources.read(files, properties));
        Map<String, String> flags = new LinkedHashMap<>();
        if (store != null && db != null) {
            throw org.openmark.config.ConfigException.of("-db", db, "names the store as --store does (--store "
                    + store + " was given too): give one of them");
        }
        put(flags, STORE, YcsbClassNames.binding(binding, store != null ? store : db));
        put(flags, THREADCOUNT, threads);
        put(flags, TARGET, target);
        if (statusInterval != null && !statusInterval.isEmpty()) {
            // a bare -s (YCSB's) keeps status.interval from the property files and -p
            flags.put(STATUS_INTERVAL, statusInterval);
        }
        put(flags, MODEL, model);
        put(flags, RATE, rate);
        put(flags, ARRIVAL, arrival);
        put(flags, RATE_SCHEDULE, rateSchedule);
        put(flags, MAX_IN_FLIGHT, maxInFlight);
        put(flags, ON_OVERLOAD, onOverload);
        put(flags, THINKTIME, thinkTime);
        put(flags, DURATION, duration);
        put(flags, WARMUP, warmup);
        put(flags, GRACE, grace);
        put(flags, SEED, seed);
        put(flags, MAX_SEND_LAG, maxSendLag);
        put(flags, MAX_ERROR_RATE, maxErrorRate);
        put(flags, MAX_STALL, maxStall);
        put(flags, STALL_AFTER, stallAfter);
        put(flags, GRANULARITY, granularity);
        if (!ycsbClassPath.isEmpty()) {
            flags.put(YcsbClassNames.CLASS_PATH, String.join(java.io.File.pathSeparator, ycsbClassPath));
        }
        put(flags, TIME, time);
        if (noTxn) {
            flags.put(org.openmark.txn.TxnConfig.ENABLED, String.valueOf(false));
        }
        m.putAll(flags);
        // A store named YCSB's way (-db, bin/ycsb's binding name, YCSB's db property) keeps YCSB's
        // meaning: the parser gives such a run YCSB's closed model unless it asks for a rate.
        boolean ycsbForm = db != null || binding != null
                || store == null && !m.containsKey(STORE) && m.containsKey(org.openmark.run.RunProperties.DB);
        m.putIfAbsent(COMMAND_FORM, ycsbForm ? "ycsb" : Defaults.COMMAND_FORM);
        // Recorded in result.json, so a comparison can tell a run in real time from one in virtual time.
        m.putIfAbsent(TIME, Defaults.TIME);
        YcsbClassNames.resolve(m, binding).ifPresent(note -> err.println("openmark: " + note));
        if (propertyFiles.isEmpty() && !m.containsKey(DURATION) && !m.containsKey(RATE_SCHEDULE)
                && !pairs.containsKey(OPERATION_COUNT) && !m.containsKey(MAX_EXECUTION_TIME)) {
            // The bare main job: long enough for the JIT to settle and the status line to show.
            m.put(DURATION, Durations.format(Defaults.MAIN_JOB_DURATION));
            m.putIfAbsent(WARMUP, Durations.format(Defaults.MAIN_JOB_WARMUP));
        }
        boolean timed = m.containsKey(DURATION) || m.containsKey(RATE_SCHEDULE)
                || (m.containsKey(MAX_EXECUTION_TIME) && !"0".equals(m.get(MAX_EXECUTION_TIME)));
        if (timed && !pairs.containsKey(OPERATION_COUNT) && m.containsKey(OPERATION_COUNT)) {
            // A time-bounded run: the workload file's operationcount would otherwise end it early.
            // It is still checked: a value the run would refuse is a mistake in the file.
            Settings.of(Map.of(OPERATION_COUNT, m.get(OPERATION_COUNT))).getLong(OPERATION_COUNT, 0, 0);
            m.remove(OPERATION_COUNT);
        }
        return Settings.of(m);
    }

    private static void put(Map<String, String> m, String name, Object value) {
        if (value != null) {
            m.put(name, text(value));
        }
    }

    /** A flag's value as the user would write it: 5000, not 5000.0 (and 1.0E30 as it is, not clamped). */
    static String text(Object value) {
        return value instanceof Double d ? PropertyText.of(d) : value.toString();
    }
}
