package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.openmark.cluster.protocol.Load;
import org.openmark.cluster.protocol.PlanPhase;

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
        assertEquals(Load.ALL, LoadDecision.decide(PlanPhase.LOAD, true, workers(true, false, false)));
        assertEquals(Load.PARTITION, LoadDecision.decide(PlanPhase.LOAD, true, workers(false, false, false)));
    }

    @Test
    void runPhase_embeddedStores_loadAllWhenAnyIsEmpty() {
        assertEquals(Load.ALL, LoadDecision.decide(PlanPhase.RUN, true, workers(true, false, true)));
        assertEquals(Load.NONE, LoadDecision.decide(PlanPhase.RUN, true, workers(true, false, false)));
    }

    @Test
    void runPhase_sharedStore_partitionedOnlyWhenEveryWorkerFoundItEmpty() {
        assertEquals(Load.PARTITION, LoadDecision.decide(PlanPhase.RUN, true, workers(false, true, true)));
        assertEquals(Load.NONE, LoadDecision.decide(PlanPhase.RUN, true, workers(false, true, false)));
    }

    @Test
    void runPhase_autoloadFalse_loadsNothing() {
        assertEquals(Load.NONE, LoadDecision.decide(PlanPhase.RUN, false, workers(true, true, true)));
    }
}
