package org.openmark.pbs;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Runs WARS trials for one worker thread, all (R, W) pairs at once from the same draws.
 *
 * <p>Implementation notes. One trial draws W_i, A_i, R_i, S_i for every replica i (and one W,
 * A vector per write when k > 1). The write of W=w commits at c_w, the w-th smallest W_i+A_i.
 * Replica i answers a read that starts t after commit with the new value iff
 * W_i <= c_w + t + R_i, i.e. iff t >= W_i - R_i - c_w. So with D_i = W_i - R_i and m_r the
 * minimum of D_i over the R replicas whose answers the read uses, the read is consistent iff
 * t >= m_r - c_w: one number per (R, W) per trial, which gives P(consistent) at every t at
 * once (the t-visibility curve) and the t for 99% by a quantile. For k writes the read is
 * consistent iff it sees any of them, so the per-(R, W) times take the minimum over the writes.
 *
 * <p>Draws are filled a block at a time into primitive arrays (one virtual call per block);
 * the read and every write have their own split random stream, so the draws of write j are the
 * same whatever k is (k-staleness is monotone in k for a fixed seed) and ALL and QUORUM
 * fan-out see the same draws.
 */
final class TrialKernel {
    /**
     * Trials per block of draws. Small on purpose: in a just-started JVM the fill loops run
     * interpreted until they have been called often enough to be compiled, and short blocks
     * get there within a few hundred trials (10,000 trials: about 40 ms instead of 110 ms).
     */
    private static final int BLOCK = 16;

    private final int n;
    private final int k;
    private final ReadFanout fanout;
    private final WarsDistributions wars;
    private final double[] evalTsMs;
    private final TrialCounts tally;

    private final double[] rBuf;
    private final double[] sBuf;
    private final double[] wBuf;
    private final double[] aBuf;
    private final double[] rsKey;
    private final int[] order;
    private final double[] writeAck;
    private final double[] readMs;
    private final double[] commitMs;
    private final double[] consistentFromMs;
    private final double[] sumsMs;

    TrialKernel(PbsSpec spec, double[] evalTsMs) {
        this.n = spec.replicas();
        this.k = spec.k();
        this.fanout = spec.fanout();
        this.wars = spec.wars();
        this.evalTsMs = evalTsMs;
        this.tally = new TrialCounts(n, evalTsMs.length);
        this.rBuf = new double[BLOCK * n];
        this.sBuf = new double[BLOCK * n];
        this.wBuf = new double[k * BLOCK * n];
        this.aBuf = new double[k * BLOCK * n];
        this.rsKey = new double[n];
        this.order = new int[n];
        this.writeAck = new double[n];
        this.readMs = new double[n];
        this.commitMs = new double[n];
        this.consistentFromMs = new double[n * n];
        this.sumsMs = new double[2 * n];
    }

    TrialCounts tally() {
        return tally;
    }

    /**
     * Runs {@code trials} trials from {@code chunkRng}; stores the read then the write latency
     * sums in {@code chunkSumsMs}. The sums are accumulated in this kernel's own array and
     * copied at the end: the chunks' arrays sit next to each other in memory, and two threads
     * adding to neighbours on every trial would fight over one cache line.
     */
    void runChunk(SplittableRandom chunkRng, int trials, double[] chunkSumsMs) {
        double[] sumsMs = this.sumsMs;
        Arrays.fill(sumsMs, 0.0);
        SplittableRandom readRng = chunkRng.split();
        SplittableRandom[] writeRng = new SplittableRandom[k];
        for (int j = 0; j < k; j++) {
            writeRng[j] = chunkRng.split();
        }
        for (int done = 0; done < trials; done += BLOCK) {
            int len = Math.min(BLOCK, trials - done) * n;
            wars.r().fillMs(readRng, rBuf, 0, len);
            wars.s().fillMs(readRng, sBuf, 0, len);
            for (int j = 0; j < k; j++) {
                int off = j * BLOCK * n;
                wars.w().fillMs(writeRng[j], wBuf, off, off + len);
                wars.a().fillMs(writeRng[j], aBuf, off, off + len);
            }
            for (int base = 0; base < len; base += n) {
                trial(base, sumsMs);
            }
        }
        System.arraycopy(sumsMs, 0, chunkSumsMs, 0, sumsMs.length);
    }

    private void trial(int base, double[] sumsMs) {
        readSide(base);
        for (int j = 0; j < k; j++) {
            writeSide(base, j);
        }
        record(sumsMs);
    }

    /** Orders the replicas whose answers the read uses and computes read latency per R. */
    private void readSide(int base) {
        if (fanout == ReadFanout.ALL) {
            for (int i = 0; i < n; i++) {
                rsKey[i] = rBuf[base + i] + sBuf[base + i];
            }
            // insertion sort of replica ids by response time: N is small
            for (int i = 0; i < n; i++) {
                int id = i;
                double key = rsKey[i];
                int j = i - 1;
                while (j >= 0 && rsKey[order[j]] > key) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = id;
            }
            for (int i = 0; i < n; i++) {
                readMs[i] = rsKey[order[i]];
            }
        } else {
            // replicas are i.i.d., so "R replicas chosen at random" is distributed exactly as replicas 0..R-1
            double slowest = 0;
            for (int i = 0; i < n; i++) {
                order[i] = i;
                double rs = rBuf[base + i] + sBuf[base + i];
                slowest = rs > slowest ? rs : slowest;
                readMs[i] = slowest;
            }
        }
    }

    /** Folds write j into the per-(R, W) thresholds; write 0 also gives the write latency. */
    private void writeSide(int base, int j) {
        int wBase = j * BLOCK * n + base;
        for (int i = 0; i < n; i++) {
            double v = wBuf[wBase + i] + aBuf[wBase + i];
            int p = i - 1;
            while (p >= 0 && writeAck[p] > v) {
                writeAck[p + 1] = writeAck[p];
                p--;
            }
            writeAck[p + 1] = v;
        }
        if (j == 0) {
            System.arraycopy(writeAck, 0, commitMs, 0, n);
        }
        // plain comparisons, not Math.min: no NaN can occur and Math.min's NaN/-0.0 care costs
        double minD = Double.POSITIVE_INFINITY;
        for (int r = 0; r < n; r++) {
            int replica = order[r];
            double d = wBuf[wBase + replica] - rBuf[base + replica];
            minD = d < minD ? d : minD;
            int row = r * n;
            if (j == 0) {
                for (int w = 0; w < n; w++) {
                    consistentFromMs[row + w] = minD - writeAck[w];
                }
            } else {
                for (int w = 0; w < n; w++) {
                    double tau = minD - writeAck[w];
                    if (tau < consistentFromMs[row + w]) {
                        consistentFromMs[row + w] = tau;
                    }
                }
            }
        }
    }

    private void record(double[] sumsMs) {
        TrialCounts t = tally;
        HistogramSet reads = t.readMs;
        HistogramSet writes = t.writeMs;
        for (int i = 0; i < n; i++) {
            reads.record(i, readMs[i]);
            writes.record(i, commitMs[i]);
            sumsMs[i] += readMs[i];
            sumsMs[n + i] += commitMs[i];
        }
        HistogramSet visible = t.visibleAfterMs;
        int[] slotCounts = t.firstConsistentSlot;
        int slots = t.slots;
        double firstTs = evalTsMs[0];
        // reads consistent at t=0 (always so when R+W>N) and at the first evaluation time are
        // not recorded: TrialCounts#complete derives their counts from the number of trials
        for (int c = 0, cells = n * n; c < cells; c++) {
            double tau = consistentFromMs[c];
            if (tau > 0) {
                visible.record(c, tau);
                if (tau > firstTs) {
                    slotCounts[c * slots + firstSlot(tau)]++;
                }
            }
        }
    }

    /** The index of the first evaluation time {@code >= tau}, or the overflow slot. */
    private int firstSlot(double tau) {
        int i = Arrays.binarySearch(evalTsMs, tau);
        return i >= 0 ? i : -i - 1;
    }
}
