package org.openmark.store.rocksdb;

import java.util.Set;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Opens the embedded RocksDB store ({@code --store rocksdb}), openmark's default store. */
public final class RocksDbStoreFactory implements StoreFactory {

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public String description() {
        return "embedded RocksDB in YCSB's RocksDBClient layout, one column family per table (default: a temporary directory)";
    }

    @Override
    public Set<String> propertyNames() {
        return RocksDbConfig.PROPERTY_NAMES;
    }

    @Override
    public void validate(StoreProperties properties) {
        RocksDbConfig.from(properties);
    }

    @Override
    public RocksDbStore open(StoreProperties properties) {
        return RocksDbStore.open(RocksDbConfig.from(properties));
    }
}
