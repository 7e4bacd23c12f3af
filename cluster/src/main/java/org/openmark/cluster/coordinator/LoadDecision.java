package org.openmark.cluster.coordinator;

import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.PlanPhase;

/**
 * How the store is loaded before a phase, decided from what every worker found when it opened
 * its store: each worker all the records into a store of its own ({@link Load#ALL}), each its part
 * of the key range into the store they share ({@link Load#PARTITION}), or not at all ({@link Load#NONE}).
 */
final class LoadDecision {
    private LoadDecision() {
    }

    /**
     * @param phase what the plan asks
     * @param autoload whether a run phase may load a store found empty (the run's {@code autoload})
     */
    static Load decide(PlanPhase phase, boolean autoload, Roster workers) {
        boolean embedded = workers.all(w -> w.embedded);
        if (phase == PlanPhase.LOAD) {
            return embedded ? Load.ALL : Load.PARTITION;
        }
        if (!autoload) {
            return Load.NONE;
        }
        if (embedded) {
            return workers.any(w -> w.knownEmpty) ? Load.ALL : Load.NONE;
        }
        // A shared store is loaded once, split, and only when every worker saw it empty (so none
        // of them raced another's inserts).
        return workers.all(w -> w.knownEmpty) ? Load.PARTITION : Load.NONE;
    }
}
