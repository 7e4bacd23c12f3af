package org.openmark.consistency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Clock;
import org.openmark.api.WarsTracing.Traced;
import org.openmark.api.WarsTracing.WarsSample;
import org.openmark.api.WarsTracing;
import org.openmark.timing.StopSignal;

/**
 * Gathers a store's own WARS delays beside a staleness measurement: traced write-and-read pairs
 * ({@link WarsTracing#traceWriteAndRead}) at a constant rate on keys of their own
 * ({@code wars0}, {@code wars1}, ...), so the traced operations (at the level that makes every
 * replica take part) do not touch the keys whose staleness is measured, and run under the same
 * load. Their traces are read after the run ({@link #collect}), so reading them adds no load
 * during it. Each pair's call is timed on the run's clock: what it took beyond its coordinators is
 * the client's and the network's share ({@link TracedPair#client}). Feed the result to {@link
 * PbsPrediction}.
 */
public final class TracedWars {
    /** The field the traced writes write. */
    static final String FIELD = VersionedValue.FIELD;

    private final WarsTracing tracer;
    private final String table;
    private final double pairsPerSec;
    private final long pairs;
    private final int keys;
    private final Clock clock;
    private final StopSignal stop;
    private final WarsSamples samples = new WarsSamples();
    private final List<Traced> traces = new ArrayList<>();
    private final List<Double> callMs = new ArrayList<>();
    private final AtomicLong failed = new AtomicLong();
    private volatile String lastFailure;

    /**
     * @param pairsPerSec traced pairs per second (constant gaps)
     * @param pairs how many pairs at most
     * @param keys how many keys the pairs rotate over
     */
    public TracedWars(WarsTracing tracer, String table, double pairsPerSec, long pairs, int keys, Clock clock,
            StopSignal stop) {
        if (!(pairsPerSec > 0) || pairs < 1 || keys < 1) {
            throw new IllegalArgumentException("pairsPerSec > 0, pairs >= 1 and keys >= 1: " + pairsPerSec + ", "
                    + pairs + ", " + keys);
        }
        this.tracer = tracer;
        this.table = table;
        this.pairsPerSec = pairsPerSec;
        this.pairs = pairs;
        this.keys = keys;
        this.clock = clock;
        this.stop = stop;
    }

    /** Traces the pairs on their schedule; returns when all ran or the stop signal came. */
    public void run() throws InterruptedException {
        long start = clock.nanoTime();
        double gapNanos = 1e9 / pairsPerSec;
        for (long i = 0; i < pairs && !stop.isStopped(); i++) {
            clock.parkUntil(start + Math.round(i * gapNanos));
            long called = clock.nanoTime();
            byte[] value = new VersionedValue(i + 1, called, start).encode();
            traces.add(tracer.traceWriteAndRead(table, "wars" + (i % keys), Map.of(FIELD, value)));
            callMs.add((clock.nanoTime() - called) / 1e6);
        }
    }

    /**
     * Reads the delays of every traced pair (once, after {@link #run}: the store records traces
     * asynchronously) and returns them.
     */
    public WarsSamples collect() {
        for (int i = 0; i < traces.size(); i++) {
            WarsSample sample = tracer.delays(traces.get(i));
            if (sample.failure() != null) {
                failed.incrementAndGet();
                lastFailure = sample.failure();
            } else {
                samples.add(TracedPair.of(sample, callMs.get(i)));
            }
        }
        traces.clear();
        callMs.clear();
        return samples;
    }

    /** The delays collected. */
    public WarsSamples samples() {
        return samples;
    }

    /** Pairs whose write or read failed (they give no delays). */
    public long failedPairs() {
        return failed.get();
    }

    /** The store's reason for the last failed pair, or null. */
    public String lastFailure() {
        return lastFailure;
    }
}
