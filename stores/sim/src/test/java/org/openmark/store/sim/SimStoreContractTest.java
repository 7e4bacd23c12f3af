package org.openmark.store.sim;

import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.store.contract.StoreContractTest;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.model.Distributions;

/**
 * The shared store contract on the simulated store, in this process, one node with no latency.
 * Its writes are document writes: an update of a missing key creates the record.
 */
class SimStoreContractTest extends StoreContractTest {

    @Override
    protected boolean updateUpserts() {
        return true;
    }

    @Override
    protected Store openStore() {
        return SimStore.open(SimConfig.singleNode(Distributions.parse("sim.latency", "0ms", null), 1), Clock.system());
    }
}
