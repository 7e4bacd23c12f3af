package org.openmark.store.rocksdb;

import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.StoreContractTest;

class RocksDbStoreContractTest extends StoreContractTest {

    @Override
    protected Store openStore() {
        return new RocksDbStoreFactory().open(StoreProperties.empty());
    }
}
