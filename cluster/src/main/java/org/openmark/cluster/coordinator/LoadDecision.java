package org.openmark.cluster.coordinator;

import java.util.Map;
import org.openmark.cluster.protocol.Go;

/**
 * How the store is loaded before a phase, decided from what every worker found when it opened
 * its store: each worker all the records into a store of its own ({@link Go#ALL}), each its part
 * of the key range into the store they share ({@link Go#PARTITION}), or not at all ({@link Go#NONE}).
 */
final class LoadDecision {
    private LoadDecision() {
    }

    /**
     * @param phase {@code LOAD} or {@code RUN}
     * @param settings the run's resolved properties ({@code autoload})
     */
    static String decide(String phase, Map<String, String> settings, Roster workers) {
        boolean embedded = workers.all(w -> w.embedded);
        if (phase.equals("LOAD")) {
            return embedded ? Go.ALL : Go.PARTITION;
        }
        boolean autoload = !"false".equalsIgnoreCase(settings.getOrDefault("autoload", "true"));
        if (!autoload) {
            return Go.NONE;
        }
        if (embedded) {
            return workers.any(w -> w.knownEmpty) ? Go.ALL : Go.NONE;
        }
        // A shared store is loaded once, split, and only when every worker saw it empty (so none
        // of them raced another's inserts).
        return workers.all(w -> w.knownEmpty) ? Go.PARTITION : Go.NONE;
    }
}
