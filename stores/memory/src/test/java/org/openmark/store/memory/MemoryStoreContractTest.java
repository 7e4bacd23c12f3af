package org.openmark.store.memory;

import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.StoreContractTest;

class MemoryStoreContractTest extends StoreContractTest {

    @Override
    protected Store openStore() {
        return new MemoryStoreFactory().open(StoreProperties.empty());
    }
}
