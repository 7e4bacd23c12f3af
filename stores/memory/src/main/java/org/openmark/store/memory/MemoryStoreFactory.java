package org.openmark.store.memory;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Opens the in-memory store ({@code --store memory}); it reads no properties. */
public final class MemoryStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String description() {
        return "in-process sorted maps, one per table; data lives as long as the run";
    }

    @Override
    public Set<String> propertyNames() {
        return Set.of();
    }

    /** Its records are maps in this heap. */
    @Override
    public boolean keepsRecordsInHeap(StoreProperties properties) {
        return true;
    }

    @Override
    public MemoryStore open(StoreProperties properties) {
        return new MemoryStore();
    }
}
