package org.openmark.store.memory;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.openmark.api.Store;
import org.openmark.api.StoreImage;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ImageContractTest;

class MemoryImageTest extends ImageContractTest {
    private int tablesNamed;

    @Override
    protected Store openStore() {
        return new MemoryStoreFactory().open(StoreProperties.empty());
    }

    @Override
    protected String newTableName() {
        return "usertable" + ++tablesNamed;
    }

    @Override
    protected void assertFreed(StoreImage image) {
        assertTrue(((MemoryImage) image).isClosed(), image.describe());
    }
}
