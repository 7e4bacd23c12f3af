package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.cluster.protocol.Go;

/** How a phase's store is loaded follows from what every worker found when it opened its store. */
class LoadDecisionTest {

    private static Roster workers(boolean embedded, boolean... knownEmpty) {
        Roster r = new Roster();
        for (boolean empty : knownEmpty) {
            WorkerSlot w = r.admit(new WorkerSlot(-1, null, "127.0.0.1:1", "host", 2, 1));
            w.embedded = embedded;
            w.knownEmpty = empty;
        }
        return r;
    }

    @Test
    void loadPhase_embeddedStoresLoadAll_sharedStoreIsPartitioned() {
        assertEquals(Go.ALL, LoadDecision.decide("LOAD", Map.of(), workers(true, false, false)));
        assertEquals(Go.PARTITION, LoadDecision.decide("LOAD", Map.of(), workers(false, false, false)));
    }

    @Test
    void runPhase_embeddedStores_loadAllWhenAnyIsEmpty() {
        assertEquals(Go.ALL, LoadDecision.decide("RUN", Map.of(), workers(true, false, true)));
        assertEquals(Go.NONE, LoadDecision.decide("RUN", Map.of(), workers(true, false, false)));
    }

    @Test
    void runPhase_sharedStore_partitionedOnlyWhenEveryWorkerFoundItEmpty() {
        assertEquals(Go.PARTITION, LoadDecision.decide("RUN", Map.of(), workers(false, true, true)));
        assertEquals(Go.NONE, LoadDecision.decide("RUN", Map.of(), workers(false, true, false)));
    }

    @Test
    void runPhase_autoloadFalse_loadsNothing() {
        assertEquals(Go.NONE, LoadDecision.decide("RUN", Map.of("autoload", "FALSE"), workers(true, true, true)));
    }
}
