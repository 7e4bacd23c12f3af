package org.openmark.run;

/**
 * The names of a run's properties, in one place: what a {@code -P} file or {@code -p} sets, what
 * the flags stand for ({@code cli}'s RunOptions), what {@link RunConfigParser} reads and what a
 * {@code with…} copy of a {@link RunConfig} records. YCSB's names where YCSB has the property.
 * docs/running.md lists them with their flags and defaults ({@link Defaults}).
 */
public final class RunProperties {
    /** The store ({@code --store}). */
    public static final String STORE = "store";
    /** YCSB's name for the store ({@code -db}). */
    public static final String DB = "db";
    /** {@code open} or {@code closed}. */
    public static final String MODEL = "model";
    /** Closed model: client threads (YCSB's {@code -threads}). */
    public static final String THREADCOUNT = "threadcount";
    /** Closed model: the total target rate (YCSB's {@code -target}). */
    public static final String TARGET = "target";
    /** Closed model: the pause after each operation. */
    public static final String THINKTIME = "thinktime";
    /** Open model: the arrival rate. */
    public static final String RATE = "rate";
    /** Open model: the arrival process. */
    public static final String ARRIVAL = "arrival";
    /** Open model: the rate over time. */
    public static final String RATE_SCHEDULE = "rate.schedule";
    /** Open model: the bound on outstanding operations. */
    public static final String MAX_IN_FLIGHT = "maxinflight";
    /** Open model: wait or drop at the bound. */
    public static final String ON_OVERLOAD = "onoverload";
    /** Operations of the run phase (YCSB's). */
    public static final String OPERATION_COUNT = org.openmark.workload.WorkloadProperties.OPERATION_COUNT;
    /** The run's time limit. */
    public static final String DURATION = "duration";
    /** YCSB's time limit, in seconds. */
    public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
    /** The time at the start excluded from the final histograms. */
    public static final String WARMUP = "warmup";
    /** Seconds between status lines (YCSB's {@code -s}). */
    public static final String STATUS_INTERVAL = "status.interval";
    /** How often measurements are collected into an interval (YCSB's name; milliseconds when bare). */
    public static final String GRANULARITY = "timeseries.granularity";
    /** The store's error budget. */
    public static final String MAX_ERROR_RATE = "maxerrorrate";
    /** The share of the measured time the store may stall. */
    public static final String MAX_STALL = "maxstall";
    /** How long no answer while operations wait makes a stall. */
    public static final String STALL_AFTER = "stallafter";
    /** Time outstanding operations get after the run stops. */
    public static final String GRACE = "grace";
    /** The seed of every random choice. */
    public static final String SEED = "seed";
    /** The percentiles of the text report (YCSB's name). */
    public static final String PERCENTILES = "hdrhistogram.percentiles";
    /** Whether {@code run} loads an empty store first. */
    public static final String AUTOLOAD = "autoload";
    /** The open model's send-lag bound. */
    public static final String MAX_SEND_LAG = "maxsendlag";
    /** {@code real} or {@code virtual} time. */
    public static final String TIME = "time";
    /** How long the load phase waits for any answer. */
    public static final String LOAD_STALL_TIMEOUT = "loadstalltimeout";
    /**
     * How the command named the store: {@code ycsb} (YCSB's {@code -db}, bin/ycsb's binding name, or
     * YCSB's {@code db} property) or {@code openmark} ({@code --store}); set by the command line. A run in
     * YCSB's form that gives no rate runs YCSB's closed model ({@link ModelReason}).
     */
    public static final String COMMAND_FORM = "command.form";
    /** YCSB's choice of latency blocks for the closed model: {@code op}, {@code intended} or {@code both}. */
    public static final String MEASUREMENT_INTERVAL = "measurement.interval";
    /** The part of the run this process does ({@code i/n}); set by a cluster's coordinator only. */
    public static final String SHARE = "share";

    private RunProperties() {
    }
}
