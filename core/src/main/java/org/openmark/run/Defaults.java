package org.openmark.run;

import java.time.Duration;
import java.util.List;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.OverloadPolicy;

/**
 * The defaults of a run's options and of the runs the commands make on their own (the bare main
 * job, a rating's experiments), in one place. {@link RunConfigParser} applies the run's; the
 * commands' flag descriptions quote them, from these constants where an annotation can (a whole
 * number, a word) and in words that a test checks against them elsewhere (DefaultsDocumentedTest),
 * and docs/running.md's table states them, checked by RunPropertiesDocumentedTest.
 */
public final class Defaults {
    /** The store: the embedded one. */
    public static final String STORE = "rocksdb";

    /** Closed model: client threads (the load phase runs at least as many as there are cores). */
    public static final int THREADS = 1;
    /** Closed model: the total target rate in ops/s; 0 runs unpaced. */
    public static final double TARGET_PER_SEC = 0;
    /** Closed model: the pause after each operation. */
    public static final Duration THINK_TIME = Duration.ZERO;

    /** Open model: the arrival rate in ops/s (a whole number, so that flag descriptions can quote it). */
    public static final int RATE_PER_SEC = 1000;
    /** Open model: the arrival process. */
    public static final ArrivalProcess ARRIVAL = new ArrivalProcess.Poisson();
    /** Open model: the bound on outstanding operations. */
    public static final int MAX_IN_FLIGHT = 10_000;
    /** Open model: what happens when the bound is reached. */
    public static final OverloadPolicy ON_OVERLOAD = OverloadPolicy.WAIT;

    /** The time at the start excluded from the final histograms. */
    public static final Duration WARMUP = Duration.ZERO;
    /** How often the status line is printed, in seconds (YCSB's {@code -s}). */
    public static final long STATUS_INTERVAL_SECONDS = 10;
    /** How often measurements are collected into an interval, in milliseconds (YCSB's timeseries.granularity). */
    public static final long GRANULARITY_MILLIS = 1000;
    /** How long outstanding operations may finish after the phase stops. */
    public static final Duration GRACE = Duration.ofSeconds(5);
    /** The percentiles of the YCSB text block. */
    public static final List<Double> PERCENTILES = List.of(50.0, 95.0, 99.0, 99.9);
    /** The run's clock: {@code real} time (or {@code virtual}: a simulated clock). */
    /** The command's form when nothing says YCSB's: openmark's ({@code --store}). */
    public static final String COMMAND_FORM = "openmark";
    public static final String TIME = "real";
    /** Whether a run loads an empty store first. */
    public static final boolean AUTO_LOAD = true;

    /** The store's error budget: the share of failed operations above which a run is invalid. */
    public static final double MAX_ERROR_RATE = 0.01;
    /** The share of the measured time the store may stall before a run is invalid. */
    public static final double MAX_STALL = 0.10;
    /**
     * How long the store must answer nothing while operations wait for that to be a stall: long
     * enough that a slow call or a pause of the load process itself is not one.
     */
    public static final Duration STALL_AFTER = org.openmark.measure.Stalls.DEFAULT_AFTER;
    /** Open model: the send-lag p99 above which the generator blames itself and the run is invalid. */
    public static final Duration MAX_SEND_LAG = Duration.ofMillis(1);
    /** How long the load phase waits for any answer before it gives up on a store that stopped answering. */
    public static final Duration LOAD_STALL_TIMEOUT = Duration.ofSeconds(30);

    /** {@code run} without -P, duration or operation count: workload A for this long… */
    public static final Duration MAIN_JOB_DURATION = Duration.ofSeconds(12);
    /** …of which this first part is warm-up (long enough for the JIT to settle). */
    public static final Duration MAIN_JOB_WARMUP = Duration.ofSeconds(2);

    /** {@code rate} against a store: one experiment's measured length (δ)… */
    public static final Duration RATING_EXPERIMENT = Duration.ofSeconds(10);
    /** …after this warm-up. */
    public static final Duration RATING_WARMUP = Duration.ofSeconds(2);
    /** {@code rate --curve} (a dry run): the length an experiment is assumed to measure… */
    public static final Duration CURVE_EXPERIMENT = Duration.ofMinutes(1);
    /** …and its assumed warm-up. */
    public static final Duration CURVE_WARMUP = Duration.ofSeconds(30);

    private Defaults() {
    }
}
