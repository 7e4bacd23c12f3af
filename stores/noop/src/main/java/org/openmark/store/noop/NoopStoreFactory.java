package org.openmark.store.noop;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/**
 * Opens the no-op store ({@code --store noop}): every call returns OK at once and stores
 * nothing, so a run against it measures the harness itself. It reads no properties.
 */
public final class NoopStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public String description() {
        return "does nothing and answers OK at once; measures the harness's own overhead";
    }

    @Override
    public Set<String> propertyNames() {
        return Set.of();
    }

    /** It answers OK to every write and gives nothing back. */
    @Override
    public boolean keepsWrites() {
        return false;
    }

    @Override
    public NoopStore open(StoreProperties properties) {
        return NoopStore.INSTANCE;
    }
}
