package org.openmark.store.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreImage;
import org.openmark.store.contract.ImageContractTest;
import org.openmark.store.sim.model.Distributions;
import org.openmark.store.sim.model.SimConfig;

/** The simulated store's image: the shared contract (exact content after restore, by hash). */
class SimImageTest extends ImageContractTest {
    private int tablesNamed;

    @Override
    protected Store openStore() {
        return SimStore.open(SimConfig.singleNode(Distributions.parse("sim.latency", "0ms", null), 1), Clock.system());
    }

    @Override
    protected String newTableName() {
        return "usertable" + ++tablesNamed;
    }

    @Override
    protected void assertFreed(StoreImage image) {
        assertTrue(((SimImage) image).isClosed(), image.describe());
    }
}
