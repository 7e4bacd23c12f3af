package org.openmark.pbs;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Resamples measured latencies: each sample is one of {@code samplesMs}, chosen uniformly
 * (the empirical distribution, as a bootstrap). {@code source} names where they came from and
 * is what {@link #spec()} prints, e.g. {@code file(w.txt)}.
 */
public final class Empirical implements LatencyDistribution {
    private final String source;
    private final double[] samplesMs;

    /** Resamples {@code samplesMs} (non-empty, finite, {@code >= 0}; copied). */
    public Empirical(String source, double[] samplesMs) {
        if (samplesMs.length == 0) {
            throw new IllegalArgumentException(source + ": no samples");
        }
        for (double x : samplesMs) {
            if (!(x >= 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException(source + ": sample " + x + " is not a finite number >= 0");
            }
        }
        this.source = source;
        this.samplesMs = samplesMs.clone();
    }

    /** How many samples there are. */
    public int size() {
        return samplesMs.length;
    }

    @Override
    public double sampleMs(SplittableRandom rng) {
        return samplesMs[rng.nextInt(samplesMs.length)];
    }

    @Override
    public void fillMs(SplittableRandom rng, double[] out, int from, int to) {
        int n = samplesMs.length;
        for (int i = from; i < to; i++) {
            out[i] = samplesMs[rng.nextInt(n)];
        }
    }

    @Override
    public String spec() {
        return source;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Empirical e && source.equals(e.source) && Arrays.equals(samplesMs, e.samplesMs);
    }

    @Override
    public int hashCode() {
        return 31 * source.hashCode() + Arrays.hashCode(samplesMs);
    }

    @Override
    public String toString() {
        return spec() + " (" + samplesMs.length + " samples)";
    }
}
