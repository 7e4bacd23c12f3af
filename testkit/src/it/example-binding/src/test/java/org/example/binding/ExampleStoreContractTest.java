package org.example.binding;

import org.openmark.api.Store;
import org.openmark.store.contract.StoreContractTest;

/** The example binding against the store contract: every test of the contract runs on it. */
class ExampleStoreContractTest extends StoreContractTest {
    @Override
    protected Store openStore() {
        return new ExampleStore();
    }
}
