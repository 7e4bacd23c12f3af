package org.openmark.cli;

import java.util.List;
import java.util.Map;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.api.WarsTracing;
import org.openmark.consistency.PbsPrediction;
import org.openmark.consistency.StalenessResult;
import org.openmark.consistency.TracedWars;
import org.openmark.timing.Timing;

/**
 * The PBS side of {@code openmark staleness}: tracing the WARS delays beside the measurement (in
 * its process, or on a cluster in the coordinator's), and the prediction made from them.
 */
final class PbsTracing {
    private PbsTracing() {
    }

    /** Traces {@code traced}'s pairs on a thread of their own while the measurement runs; null when there are none. */
    static Thread start(TracedWars traced, Timing timing) {
        Runnable task = task(traced);
        return task == null ? null : timing.tasks().startPlatform("openmark-wars-tracer", task);
    }

    /** The tracing of {@code traced}'s pairs as a task to run beside the measurement; null when there are none. */
    static Runnable task(TracedWars traced) {
        return traced == null ? null : () -> {
            try {
                traced.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** Warns when the store's replication (N, R, W) makes a stale read impossible. */
    static void warnIfNeverStale(WarsTracing store, List<String> warnings) {
        String never = PbsPrediction.neverStale(store.quorums());
        if (never != null) {
            warnings.add(never);
        }
    }

    /**
     * On a cluster, the store as the coordinator opens it to trace the WARS delays itself (the
     * workers measure), or null: the store traces no delays, is embedded (each worker has its own),
     * tracing is off ({@code traceFraction} 0), or the coordinator cannot open it (said in the
     * warnings: the measurement goes on without a prediction).
     */
    static Store coordinatorStore(StoreFactory factory, Map<String, String> props, double traceFraction,
            List<String> warnings) {
        if (!(traceFraction > 0)) {
            return null;
        }
        Store s;
        try {
            s = factory.open(StoreProperties.of(props), Clock.system());
        } catch (RuntimeException e) {
            warnings.add("the coordinator could not open the store to trace its delays (" + e.getMessage()
                    + "): no PBS prediction");
            return null;
        }
        // an embedded store opened here would be the coordinator's own, not the one the workers measure
        if (!s.isEmbedded() && s instanceof WarsTracing t && t.tracesDelays()) {
            return s;
        }
        s.close();
        return null;
    }

    /**
     * The PBS prediction at the offsets {@code probesMs} from the traced delays, or null (with a
     * warning) when the traces gave too little; {@code seed} (null: 1) seeds its trials.
     */
    static PbsPrediction predict(WarsTracing store, TracedWars traced, StalenessResult measured, List<Double> probesMs,
            Long seed, List<String> warnings) {
        traced.collect();
        if (!traced.samples().complete()) {
            warnings.add("the traced pairs gave no complete set of W, A, R and S delays ("
                    + traced.samples().traces() + " traced, " + traced.failedPairs() + " failed"
                    + (traced.lastFailure() == null ? "" : ", last: " + traced.lastFailure()) + "): no PBS prediction");
            return null;
        }
        if (traced.failedPairs() > 0) {
            warnings.add(traced.failedPairs() + " traced pairs failed (last: " + traced.lastFailure() + ")");
        }
        return PbsPrediction.predict(store.quorums(), traced.samples(), probesMs, seed == null ? 1 : seed,
                measured.probeLateUs());
    }
}
