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
        Tally[] tallies = new Tally[threads];
        AtomicInteger nextChunk = new AtomicInteger();
        Runnable[] workers = new Runnable[threads];
        for (int i = 0; i < threads; i++) {
            int id = i;
            workers[i] = () -> {
                TrialKernel kernel = new TrialKernel(spec, evalTsMs);
                for (int c = nextChunk.getAndIncrement(); c < chunks; c = nextChunk.getAndIncrement()) {
                    int chunkTrials = (int) Math.min(CHUNK_TRIALS, trials - (long) c * CHUNK_TRIALS);
                    kernel.runChunk(chunkRngs[c], chunkTrials, chunkSumsMs[c]);
                }
                tallies[id] = kernel.tally();
            };
        }
        runAll(workers);
        Tally total = tallies[0];
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

    /** The main t and the curve times, sorted and distinct. */
    static double[] evaluationTimes(PbsSpec spec) {
        double[] curve = spec.curveTsMs();
        double[] all = Arrays.copyOf(curve, curve.length + 1);
        all[curve.length] = spec.tMs();
        return Arrays.stream(all).map(t -> t == 0 ? 0.0 : t).sorted().distinct().toArray();
    }

    private static PbsResult summarize(PbsSpec spec, double[] evalTsMs, Tally tally, double[] sumsMs) {
        int n = spec.replicas();
        long trials = spec.trials();
        int tSlot = Arrays.binarySearch(evalTsMs, spec.tMs() == 0 ? 0.0 : spec.tMs());
        double[] curveTs = spec.curveTsMs();
        List<ConfigResult> configs = new ArrayList<>(n * n);
        for (int r = 1; r <= n; r++) {
            for (int w = 1; w <= n; w++) {
                int c = (r - 1) * n + (w - 1);
                double[] pAt = cumulativeFractions(tally.firstConsistentSlot, c * tally.slots, evalTsMs.length, trials);
                double[] curve = new double[curveTs.length];
                for (int i = 0; i < curveTs.length; i++) {
                    curve[i] = pAt[Arrays.binarySearch(evalTsMs, curveTs[i] == 0 ? 0.0 : curveTs[i])];
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
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[workers.length];
        for (int i = 0; i < workers.length; i++) {
            Runnable work = workers[i];
            threads[i] = Thread.ofPlatform().name("pbs-worker-" + i).daemon(true).start(() -> {
                try {
                    work.run();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            });
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("PBS prediction interrupted");
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
    }
}
