package org.openmark.cli;

import java.util.Map;
import java.util.Optional;

/**
 * YCSB's {@code -db CLASS} (and the {@code db} property of YCSB's property files): a binding class
 * openmark has a native store for runs on that store; any other class runs, unchanged, on the
 * {@code ycsb} store, which loads it ({@code ycsb.db}). {@code --store ycsb -p ycsb.db=CLASS} runs
 * the YCSB class even where a native store exists. Store names have no dots, class names do.
 */
final class YcsbClassNames {
    /** YCSB binding class names and the openmark store that does the same. */
    static final Map<String, String> NATIVE = Map.of("site.ycsb.BasicDB", "noop",
            "site.ycsb.db.rocksdb.RocksDBClient", "rocksdb", "site.ycsb.db.RedisClient", "redis",
            "site.ycsb.db.JdbcDBClient", "jdbc");

    private YcsbClassNames() {
    }

    /**
     * Rewrites {@code store} (and {@code db}) in {@code properties} when they name a YCSB class.
     *
     * @return the line to tell the user when a native store stands in for the class
     */
    static Optional<String> resolve(Map<String, String> properties) {
        if (!properties.containsKey("store") && properties.containsKey("db")) {
            properties.put("store", properties.remove("db"));
        }
        String store = properties.get("store");
        if (store == null || !store.contains(".")) {
            return Optional.empty();
        }
        String nativeStore = NATIVE.get(store);
        if (nativeStore != null) {
            properties.put("store", nativeStore);
            return Optional.of(store + " runs on openmark's native store '" + nativeStore + "'; --store ycsb -p ycsb.db="
                    + store + " runs the YCSB class itself");
        }
        properties.put("store", "ycsb");
        properties.put("ycsb.db", store);
        return Optional.empty();
    }
}
