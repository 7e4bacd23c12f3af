package org.openmark.pbs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Monte Carlo PBS prediction (WARS model). Trials are cut into chunks of {@value #CHUNK_TRIALS},
 * each with its own random stream split in order from the seed; worker threads take chunks as
 * they come, their integer tallies are merged and the per-chunk latency sums are added in chunk
 * order. So a seed gives the same result for any thread count.
 */
public final class PbsSimulator {
    /** Trials per chunk (the unit of work and of random streams); small, so 10,000 trials use 2 threads. */
    public static final int CHUNK_TRIALS = 4096;

    private PbsSimulator() {
    }

    /** Runs the prediction. */
    public static PbsResult run(PbsSpec spec) {
        double[] evalTsMs = evaluationTimes(spec);
        long trials = spec.trials();
        int chunks = (int) ((trials + CHUNK_TRIALS - 1) / CHUNK_TRIALS);
        SplittableRandom root = new SplittableRandom(spec.seed());
        SplittableRandom[] chunkRngs = new SplittableRandom[chunks];
        for (int c = 0; c < chunks; c++) {
            chunkRngs[c] = root.split();
        }
        int n = spec.replicas();
        double[][] chunkSumsMs = new double[chunks][2 * n];
        int threads = Math.min(spec.threads(), chunks);
        TrialCounts[] tallies = new TrialCounts[threads];
        AtomicInteger nextChunk = new AtomicInteger();
        Runnable[] workers = new Runnable[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker(spec, evalTsMs, chunkRngs, chunkSumsMs, nextChunk, tallies, i);
        }
        runAll(workers);
        TrialCounts total = tallies[0];
        for (int i = 1; i < threads; i++) {
            total.add(tallies[i]);
        }
        total.complete(trials);
        double[] sumsMs = new double[2 * n];
        for (double[] chunk : chunkSumsMs) {
            for (int i = 0; i < sumsMs.length; i++) {
                sumsMs[i] += chunk[i];
            }
        }
        return summarize(spec, evalTsMs, total, sumsMs);
    }

    /** The main t and the curve times (already sorted and distinct), sorted and distinct. */
    static double[] evaluationTimes(PbsSpec spec) {
        // plain loops, no streams or Arrays.sort: their lambdas cost tens of ms in a fresh JVM
        double[] curve = spec.curveTsMs();
        double t = spec.tMs() + 0.0; // -0.0 becomes 0.0
        int at = 0;
        while (at < curve.length && curve[at] < t) {
            at++;
        }
        if (at < curve.length && curve[at] == t) {
            return curve;
        }
        double[] all = new double[curve.length + 1];
        System.arraycopy(curve, 0, all, 0, at);
        all[at] = t;
        System.arraycopy(curve, at, all, at + 1, curve.length - at);
        return all;
    }

    private static PbsResult summarize(PbsSpec spec, double[] evalTsMs, TrialCounts tally, double[] sumsMs) {
        int n = spec.replicas();
        long trials = spec.trials();
        int tSlot = Arrays.binarySearch(evalTsMs, spec.tMs() + 0.0);
        double[] curveTs = spec.curveTsMs();
        List<ConfigResult> configs = new ArrayList<>(n * n);
        for (int r = 1; r <= n; r++) {
            for (int w = 1; w <= n; w++) {
                int c = (r - 1) * n + (w - 1);
                double[] pAt = cumulativeFractions(tally.firstConsistentSlot, c * tally.slots, evalTsMs.length, trials);
                double[] curve = new double[curveTs.length];
                for (int i = 0; i < curveTs.length; i++) {
                    curve[i] = pAt[Arrays.binarySearch(evalTsMs, curveTs[i] + 0.0)];
                }
                double p = pAt[tSlot];
                HistogramSet visible = tally.visibleAfterMs;
                configs.add(new ConfigResult(r, w, p, Math.sqrt(p * (1 - p) / trials),
                        sumsMs[r - 1] / trials, tally.readMs.valueAtFraction(r - 1, 999, 1000, trials),
                        sumsMs[n + w - 1] / trials, tally.writeMs.valueAtFraction(w - 1, 999, 1000, trials),
                        visible.valueAtFraction(c, 99, 100, trials), visible.valueAtFraction(c, 999, 1000, trials), curve));
            }
        }
        return new PbsResult(spec, configs);
    }

    private static double[] cumulativeFractions(int[] counts, int from, int points, long trials) {
        double[] p = new double[points];
        long seen = 0;
        for (int i = 0; i < points; i++) {
            seen += counts[from + i];
            p[i] = (double) seen / trials;
        }
        return p;
    }

    private static void runAll(Runnable[] workers) {
        if (workers.length == 1) {
            workers[0].run();
            return;
        }
        Failure failure = new Failure();
        Thread[] threads = new Thread[workers.length];
        for (int i = 0; i < workers.length; i++) {
            threads[i] = new Thread(failure.guard(workers[i]), "pbs-worker-".concat(Integer.toString(i)));
            threads[i].setDaemon(true);
            threads[i].start();
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("PBS prediction interrupted");
        }
        failure.rethrow();
    }

    /** One worker thread: takes chunks until none are left, then publishes its tally. */
    private static final class Worker implements Runnable {
        private final PbsSpec spec;
        private final double[] evalTsMs;
        private final SplittableRandom[] chunkRngs;
        private final double[][] chunkSumsMs;
        private final AtomicInteger nextChunk;
        private final TrialCounts[] tallies;
        private final int id;

        Worker(PbsSpec spec, double[] evalTsMs, SplittableRandom[] chunkRngs, double[][] chunkSumsMs,
                AtomicInteger nextChunk, TrialCounts[] tallies, int id) {
            this.spec = spec;
            this.evalTsMs = evalTsMs;
            this.chunkRngs = chunkRngs;
            this.chunkSumsMs = chunkSumsMs;
            this.nextChunk = nextChunk;
            this.tallies = tallies;
            this.id = id;
        }

        @Override
        public void run() {
            TrialKernel kernel = new TrialKernel(spec, evalTsMs);
            long trials = spec.trials();
            for (int c = nextChunk.getAndIncrement(); c < chunkRngs.length; c = nextChunk.getAndIncrement()) {
                int chunkTrials = (int) Math.min(CHUNK_TRIALS, trials - (long) c * CHUNK_TRIALS);
                kernel.runChunk(chunkRngs[c], chunkTrials, chunkSumsMs[c]);
            }
            tallies[id] = kernel.tally();
        }
    }

    /** The first exception of any worker, rethrown on the calling thread. */
    private static final class Failure {
        private final AtomicReference<Throwable> first = new AtomicReference<>();

        Runnable guard(Runnable work) {
            return new Runnable() {
                @Override
                public void run() {
                    try {
                        work.run();
                    } catch (Throwable t) {
                        first.compareAndSet(null, t);
                    }
                }
            };
        }

        void rethrow() {
            Throwable t = first.get();
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error err) {
                throw err;
            }
        }
    }
}
