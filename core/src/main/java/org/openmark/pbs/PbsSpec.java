package org.openmark.pbs;

import java.util.Arrays;
import java.util.Objects;
import org.openmark.config.ConfigException;

/**
 * One PBS prediction, validated once: N replicas, every (R, W) in 1..N is simulated with the
 * same random draws (common random numbers, so configurations compare without extra noise).
 *
 * @param replicas    N, 1..{@value #MAX_REPLICAS}
 * @param tMs         how long after the write commits the read starts (ms, {@code >= 0})
 * @param k           a read is consistent if it returns any of the last k writes (1..100)
 * @param trials      Monte Carlo trials per configuration
 * @param wars        the W, A, R, S latency distributions
 * @param fanout      which replicas a read contacts
 * @param seed        the seed of every random draw
 * @param curveTsMs   extra times (ms, sorted, distinct) at which P(consistent) is reported; may be empty
 * @param threads     worker threads; results do not depend on it
 */
public record PbsSpec(int replicas, double tMs, int k, long trials, WarsDistributions wars, ReadFanout fanout,
        long seed, double[] curveTsMs, int threads) {

    /** Largest N: the table has N² rows, each with its own histograms. */
    public static final int MAX_REPLICAS = 16;
    /** Largest k. */
    public static final int MAX_K = 100;
    /** Most trials (counts are kept in ints per bucket and thread). */
    public static final long MAX_TRIALS = 1_000_000_000L;
    /** Most threads. */
    public static final int MAX_THREADS = 256;

    public PbsSpec {
        Objects.requireNonNull(wars, "wars");
        Objects.requireNonNull(fanout, "fanout");
        curveTsMs = curveTsMs == null ? new double[0] : curveTsMs.clone();
        check(replicas >= 1 && replicas <= MAX_REPLICAS, "--n", replicas, "must be between 1 and " + MAX_REPLICAS);
        check(tMs >= 0 && !Double.isInfinite(tMs), "--t", LatencyDistribution.format(tMs),
                "must be a finite number of ms >= 0");
        check(k >= 1 && k <= MAX_K, "--k", k, "must be between 1 and " + MAX_K);
        check(trials >= 1 && trials <= MAX_TRIALS, "--trials", trials, "must be between 1 and " + MAX_TRIALS);
        check(threads >= 1 && threads <= MAX_THREADS, "--threads", threads,
                "must be between 1 and " + MAX_THREADS);
        for (int i = 0; i < curveTsMs.length; i++) {
            check(curveTsMs[i] >= 0 && !Double.isInfinite(curveTsMs[i]) && (i == 0 || curveTsMs[i] > curveTsMs[i - 1]),
                    "--curve", Arrays.toString(curveTsMs), "times must be finite, >= 0, sorted and distinct");
        }
    }

    /** A spec with the defaults: N=3, t=10 ms, k=1, 100,000 trials, LinkedIn disk fit, fan-out all, 1 thread. */
    public static PbsSpec defaults(long seed) {
        return new PbsSpec(3, 10, 1, 100_000, WarsDistributions.lnkdDisk(), ReadFanout.ALL, seed, new double[0], 1);
    }

    /**
     * The default thread count: 1 for small runs (below 200,000 trial-configurations,
     * where starting threads in a fresh JVM costs more than it saves), else all {@code cores}.
     */
    public static int defaultThreads(long trials, int replicas, int cores) {
        return trials * replicas * replicas < 200_000 ? 1 : Math.max(1, Math.min(MAX_THREADS, cores));
    }

    /** This spec with another N, t, k and trial count. */
    public PbsSpec with(int replicas, double tMs, int k, long trials) {
        return new PbsSpec(replicas, tMs, k, trials, wars, fanout, seed, curveTsMs, threads);
    }

    /** This spec with other distributions. */
    public PbsSpec withWars(WarsDistributions w) {
        return new PbsSpec(replicas, tMs, k, trials, w, fanout, seed, curveTsMs, threads);
    }

    /** This spec with another fan-out. */
    public PbsSpec withFanout(ReadFanout f) {
        return new PbsSpec(replicas, tMs, k, trials, wars, f, seed, curveTsMs, threads);
    }

    /** This spec with another seed and thread count. */
    public PbsSpec withSeed(long s, int threadCount) {
        return new PbsSpec(replicas, tMs, k, trials, wars, fanout, s, curveTsMs, threadCount);
    }

    /** This spec with curve points. */
    public PbsSpec withCurve(double[] ts) {
        return new PbsSpec(replicas, tMs, k, trials, wars, fanout, seed, ts, threads);
    }

    @Override
    public double[] curveTsMs() {
        return curveTsMs.clone();
    }

    private static void check(boolean ok, String flag, Object value, String rule) {
        if (!ok) {
            throw ConfigException.of(flag, String.valueOf(value), rule);
        }
    }
}
