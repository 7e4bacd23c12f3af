package org.openmark.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openmark.config.Settings;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.OverloadPolicy;
import org.openmark.load.RateSchedule;
import org.openmark.load.Share;

/**
 * A run's configuration, resolved and validated once at the edge (see {@link RunConfigParser}).
 * Everything downstream reads these typed fields, never raw properties.
 *
 * @param phase load or run
 * @param store the store's name ({@code --store}, {@code -db})
 * @param settings every effective property (workload and store properties included)
 * @param model open or closed
 * @param threads closed model: client threads (and load-phase threads)
 * @param targetPerSec closed model: total target rate, 0 = unpaced
 * @param thinkTime closed model: pause after each operation
 * @param arrival open model: the arrival process
 * @param rateSchedule open model: the target rate over time
 * @param maxInFlight open model: bound on outstanding operations
 * @param onOverload open model: wait or drop when the bound is reached
 * @param operationCount operations of the phase (0 = only the duration limits it)
 * @param duration time limit of the phase (zero = none)
 * @param warmup time at the start excluded from the final histograms
 * @param statusInterval how often the status line is printed
 * @param granularity how often the measurements are collected into an interval (the interval log,
 *     the time series, the plots and outage detection have this resolution)
 * @param grace how long outstanding operations may finish after the phase stops
 * @param seed the seed of every random choice
 * @param seedChosen true when the user gave no seed and one was chosen
 * @param outDir where result files go, or null for none
 * @param percentiles the percentiles printed in the YCSB text block
 * @param autoLoad load first when the store is known to be empty (run phase)
 * @param maxSendLag open-model self-check threshold for the send-lag p99
 * @param maxErrorRate the store's error budget: above this share of failed operations (any status
 *     but OK and NOT_FOUND) the run is invalid
 * @param quiet no status lines
 * @param share the part of the run this process does (the whole run unless a coordinator split it)
 * @param virtualTime the run's clock is virtual (a simulated clock: exact, as fast as the CPU
 *     allows), not real time
 * @param maxStall the longest share of the measured time the store may stall (nothing completed while
 *     operations were outstanding) before the run is invalid
 * @param loadStallTimeout the load phase gives up when no operation was answered for this long (the
 *     load phase has no duration: a store that stopped answering would hold it forever)
 */
public record RunConfig(Phase phase, String store, Settings settings, ModelChoice model, int threads,
        double targetPerSec, Duration thinkTime, ArrivalProcess arrival, RateSchedule rateSchedule, int maxInFlight,
        OverloadPolicy onOverload, long operationCount, Duration duration, Duration warmup, Duration statusInterval,
        Duration granularity, Duration grace, long seed, boolean seedChosen, Path outDir, List<Double> percentiles,
        boolean autoLoad, Duration maxSendLag, double maxErrorRate, boolean quiet, Share share,
        boolean virtualTime, double maxStall, Duration loadStallTimeout) {

    /** This configuration with another warm-up (the automatic load runs without one). */
    public RunConfig withWarmup(Duration newWarmup) {
        return new RunConfig(phase, store, settings, model, threads, targetPerSec, thinkTime, arrival, rateSchedule,
                maxInFlight, onOverload, operationCount, duration, newWarmup, statusInterval, granularity, grace, seed,
                seedChosen, outDir, percentiles, autoLoad, maxSendLag, maxErrorRate, quiet, share, virtualTime, maxStall,
                loadStallTimeout);
    }

    /** This configuration for another part of the run (a coordinator checks the whole run). */
    public RunConfig withShare(Share newShare) {
        return new RunConfig(phase, store, settings, model, threads, targetPerSec, thinkTime, arrival, rateSchedule,
                maxInFlight, onOverload, operationCount, duration, warmup, statusInterval, granularity, grace, seed,
                seedChosen, outDir, percentiles, autoLoad, maxSendLag, maxErrorRate, quiet, newShare, virtualTime,
                maxStall, loadStallTimeout);
    }
}
