package org.openmark.pbs;

import java.util.SplittableRandom;

/**
 * The WARS model fitted to what a token-aware client does (Cassandra's Java driver): every request
 * goes to a replica of its key, chosen at random, and that replica coordinates it.
 *
 * <p>A write's coordinator applies its own copy without a message (W and A local), and messages
 * the other N−1 replicas (W and A remote); the write commits when W replicas acknowledged
 * (the W-th smallest W+A). The read's coordinator is a replica chosen independently of the
 * write's; it reads its own copy (R local) and, for R > 1, R−1 others chosen at random (R
 * remote). Measured on the loopback cluster: 295 of 300 reads at ONE were served by their
 * coordinator, and the read's coordinator was the write's in 99 of 300 (1/3, independent). The
 * read sees the write iff some replica it reads holds it: W_i ≤ c + x + t + R_i, where x is the
 * time between the commit and the read's start that the measurement adds (the ack's way to the
 * client, the probe's lateness, the read's way to its coordinator). The paper's model (Bailis et
 * al., VLDB 2012) has the coordinator outside the replicas: every W, A, R, S is a message.
 *
 * <p>Pure: the draws come from the given random stream; each pool is resampled uniformly (an
 * empty pool of extra delays means none).
 */
public final class TokenAwareWars {

    /**
     * The delay pools (ms).
     *
     * @param wLocal the coordinator's own apply, from its receipt of the write
     * @param aLocal its own acknowledgement (no message: usually 0)
     * @param wRemote a replica's apply, from the coordinator's receipt of the write
     * @param aRemote its acknowledgement's way back to the coordinator
     * @param rLocal the read coordinator's own read, from its receipt of the read
     * @param rRemote another replica's read, from the read coordinator's receipt of the read
     * @param extra1 a delay added between commit and the read's start (e.g. the client's legs); may be empty
     * @param extra2 another one, drawn independently (e.g. the probe's lateness); may be empty
     */
    public record Pools(double[] wLocal, double[] aLocal, double[] wRemote, double[] aRemote, double[] rLocal,
            double[] rRemote, double[] extra1, double[] extra2) {
        public Pools {
            for (double[] pool : new double[][] {wLocal, aLocal, wRemote, aRemote, rLocal, rRemote}) {
                if (pool.length == 0) {
                    throw new IllegalArgumentException("every pool but the extra delays needs a sample");
                }
            }
        }
    }

    /**
     * One traced pair as a whole (the joint model): per replica of its key, the write coordinator
     * first, when it applied the write, when it acknowledged it (from the coordinator's receipt of
     * the write), when it read (from the read coordinator's receipt of the read); and the client's
     * share between a commit and the read's start. Drawing these together keeps what one node at
     * one moment does to both the write and the read: a node busy enough to apply the write late is
     * also late to read. {@code answered}: per replica, when its answer to the read reached the
     * read's coordinator (its own read for the coordinator, else the read's way there and the
     * answer's way back), for the read's latency.
     */
    public record Scenario(double[] visible, double[] acked, double[] read, double client, double[] answered) {
        /** A scenario whose answers are known only as the reads themselves (no way back). */
        public Scenario(double[] visible, double[] acked, double[] read, double client) {
            this(visible, acked, read, client, read);
        }
    }

    private TokenAwareWars() {
    }

    /**
     * P(consistent read) at each offset from whole traced pairs: each trial draws one {@link
     * Scenario}, the read's coordinator among its replicas (and R−1 others), and the probes' lateness
     * from {@code lateMs} (may be empty).
     */
    public static double[] pConsistentJoint(int r, int w, java.util.List<Scenario> scenarios, double[] lateMs,
            double[] offsetsMs, long trials, SplittableRandom rng) {
        if (scenarios.isEmpty() || trials < 1) {
            throw new IllegalArgumentException("need scenarios and trials >= 1");
        }
        long[] consistent = new long[offsetsMs.length];
        int[] replicas = new int[64];
        for (long trial = 0; trial < trials; trial++) {
            Scenario s = scenarios.get(rng.nextInt(scenarios.size()));
            int n = s.visible().length;
            if (r > n || w > n) {
                throw new IllegalArgumentException("a traced pair has " + n + " replicas, fewer than R=" + r + " or W=" + w);
            }
            double commit = wthSmallest(s.acked(), w);
            inOrder(replicas, n);
            double earliest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < r; k++) {
                int replica = drawNext(replicas, k, n, rng);
                earliest = Math.min(earliest, s.visible()[replica] - s.read()[replica]);
            }
            countConsistentFrom(earliest - (commit + s.client() + pickOrZero(lateMs, rng)), offsetsMs, consistent);
        }
        return shares(consistent, trials);
    }

    /**
     * P(consistent read) at each offset (ms, ascending) for N replicas, reads waiting for R and
     * writes for W, from {@code trials} trials.
     */
    public static double[] pConsistent(int n, int r, int w, Pools pools, double[] offsetsMs, long trials,
            SplittableRandom rng) {
        if (n < 1 || r < 1 || r > n || w < 1 || w > n || trials < 1) {
            throw new IllegalArgumentException("need 1 <= R, W <= N and trials >= 1: N=" + n + " R=" + r + " W=" + w);
        }
        long[] consistent = new long[offsetsMs.length];
        double[] visible = new double[n];
        double[] acked = new double[n];
        int[] replicas = new int[n];
        for (long trial = 0; trial < trials; trial++) {
            // replica 0 coordinates the write (the replicas are alike, so which one does not matter)
            visible[0] = pick(pools.wLocal(), rng);
            acked[0] = visible[0] + pick(pools.aLocal(), rng);
            for (int i = 1; i < n; i++) {
                visible[i] = pick(pools.wRemote(), rng);
                acked[i] = visible[i] + pick(pools.aRemote(), rng);
            }
            double commit = wthSmallest(acked, w);
            // the read's coordinator: any replica, itself read locally, then R-1 others at random
            inOrder(replicas, n);
            double earliest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < r; k++) {
                int replica = drawNext(replicas, k, n, rng);
                double read = pick(k == 0 ? pools.rLocal() : pools.rRemote(), rng);
                earliest = Math.min(earliest, visible[replica] - read);
            }
            double after = commit + pickOrZero(pools.extra1(), rng) + pickOrZero(pools.extra2(), rng);
            countConsistentFrom(earliest - after, offsetsMs, consistent);
        }
        return shares(consistent, trials);
    }

    /**
     * A write's latency at W in each scenario (ms): when its W-th replica acknowledged (from the
     * coordinator's receipt), plus the client's share; one value per scenario, in their order
     * (infinite when fewer than W acknowledged before the traced write's answer).
     */
    public static double[] writeLatencies(int w, java.util.List<Scenario> scenarios) {
        double[] ms = new double[scenarios.size()];
        for (int i = 0; i < ms.length; i++) {
            Scenario s = scenarios.get(i);
            if (w > s.acked().length) {
                throw new IllegalArgumentException("a traced pair has " + s.acked().length + " replicas, fewer than W="
                        + w);
            }
            ms[i] = wthSmallest(s.acked(), w) + s.client();
        }
        return ms;
    }

    /**
     * {@code trials} read latencies at R (ms): each trial draws a scenario, the read's coordinator
     * among its replicas and R−1 others (as {@link #pConsistentJoint} does), and waits for the
     * slowest of their answers, plus the client's share.
     */
    public static double[] readLatencies(int r, java.util.List<Scenario> scenarios, int trials, SplittableRandom rng) {
        if (scenarios.isEmpty() || trials < 1) {
            throw new IllegalArgumentException("need scenarios and trials >= 1");
        }
        double[] ms = new double[trials];
        int[] replicas = new int[64];
        for (int trial = 0; trial < trials; trial++) {
            Scenario s = scenarios.get(rng.nextInt(scenarios.size()));
            int n = s.answered().length;
            if (r > n) {
                throw new IllegalArgumentException("a traced pair has " + n + " replicas, fewer than R=" + r);
            }
            inOrder(replicas, n);
            double slowest = 0;
            for (int k = 0; k < r; k++) {
                slowest = Math.max(slowest, s.answered()[drawNext(replicas, k, n, rng)]);
            }
            ms[trial] = slowest + s.client();
        }
        return ms;
    }

    /** Sets the first {@code n} entries of {@code replicas} to 0, 1, ..., n-1, before a trial's draws. */
    private static void inOrder(int[] replicas, int n) {
        for (int i = 0; i < n; i++) {
            replicas[i] = i;
        }
    }

    /**
     * The {@code k}-th replica drawn without replacement from the first {@code n}: one step of a partial
     * Fisher-Yates shuffle, which leaves the replicas drawn so far in {@code replicas[0..k]}.
     */
    private static int drawNext(int[] replicas, int k, int n, SplittableRandom rng) {
        int j = k + rng.nextInt(n - k);
        int replica = replicas[j];
        replicas[j] = replicas[k];
        replicas[k] = replica;
        return replica;
    }

    /** A read whose trial is consistent at every offset t >= {@code fromMs} counts at each such offset. */
    private static void countConsistentFrom(double fromMs, double[] offsetsMs, long[] consistent) {
        for (int i = 0; i < offsetsMs.length; i++) {
            if (offsetsMs[i] >= fromMs) {
                consistent[i]++;
            }
        }
    }

    /** Each offset's count of consistent trials as a share of {@code trials}. */
    private static double[] shares(long[] consistent, long trials) {
        double[] p = new double[consistent.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = consistent[i] / (double) trials;
        }
        return p;
    }

    private static double pick(double[] pool, SplittableRandom rng) {
        return pool[rng.nextInt(pool.length)];
    }

    private static double pickOrZero(double[] pool, SplittableRandom rng) {
        return pool.length == 0 ? 0 : pool[rng.nextInt(pool.length)];
    }

    /** The w-th smallest of the values (w from 1); the array is not changed. */
    static double wthSmallest(double[] values, int w) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[w - 1];
    }
}
