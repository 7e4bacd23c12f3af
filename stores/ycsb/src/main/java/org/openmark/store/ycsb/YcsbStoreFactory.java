package org.openmark.store.ycsb;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Runs a YCSB binding class as a store ({@code --store ycsb -p ycsb.db=CLASS}, or {@code -db CLASS}). */
public final class YcsbStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "ycsb";
    }

    @Override
    public String description() {
        return "any YCSB site.ycsb.DB binding, unchanged, in its own class loader (ycsb.db=CLASS,"
                + " --ycsb-classpath 'binding/lib/*')";
    }

    @Override
    public Set<String> propertyNames() {
        return YcsbConfig.PROPERTY_NAMES;
    }

    /** The binding gets every property, as from YCSB's client, and may read any of them. */
    @Override
    public boolean passesOnAllProperties() {
        return true;
    }

    /** The class name and the class path's form; whether the class loads is for the workers to find. */
    @Override
    public void validate(StoreProperties properties) {
        YcsbConfig.from(properties);
    }

    @Override
    public YcsbStore open(StoreProperties properties) {
        return YcsbStore.open(YcsbConfig.from(properties), properties);
    }
}
