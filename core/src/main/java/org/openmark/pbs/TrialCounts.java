package org.openmark.pbs;

/**
 * What one worker thread accumulates over its chunks: latency histograms per R and per W,
 * per (R, W) a histogram of the time after commit from which the read is consistent, and exact
 * counts of trials by the first evaluation time at which they are consistent. Everything here
 * is integer counts (and min/max), so merging in any order gives identical results; sums of
 * doubles, which depend on the order of addition, are kept per chunk instead.
 */
final class TrialCounts {
    final int n;
    /** Evaluation times plus one slot for "not consistent at any of them". */
    final int slots;
    /** Histogram r-1: read latency with R = r. */
    final HistogramSet readMs;
    /** Histogram w-1: write latency with W = w. */
    final HistogramSet writeMs;
    /** Histogram (r-1)*n + (w-1): max(0, the t from which the read is consistent); see {@link #complete}. */
    final HistogramSet visibleAfterMs;
    /**
     * Index {@code ((r-1)*n + (w-1)) * slots + slot}; see {@link #complete}. At most 10^9 trials
     * in all, so ints suffice.
     */
    final int[] firstConsistentSlot;

    TrialCounts(int n, int evalPoints) {
        this.n = n;
        this.slots = evalPoints + 1;
        this.readMs = new HistogramSet(n);
        this.writeMs = new HistogramSet(n);
        this.visibleAfterMs = new HistogramSet(n * n);
        this.firstConsistentSlot = new int[n * n * slots];
    }

    /**
     * Adds what the kernel leaves out for speed: the reads consistent at the first evaluation
     * time go to slot 0. (Reads consistent from t=0 are not recorded in {@link #visibleAfterMs};
     * its quantiles count the missing values as zeros.)
     */
    void complete(long trials) {
        for (int c = 0; c < n * n; c++) {
            long counted = 0;
            for (int slot = 1; slot < slots; slot++) {
                counted += firstConsistentSlot[c * slots + slot];
            }
            firstConsistentSlot[c * slots] = Math.toIntExact(trials - counted);
        }
    }

    void add(TrialCounts other) {
        readMs.add(other.readMs);
        writeMs.add(other.writeMs);
        visibleAfterMs.add(other.visibleAfterMs);
        for (int i = 0; i < firstConsistentSlot.length; i++) {
            firstConsistentSlot[i] += other.firstConsistentSlot[i];
        }
    }
}
