package org.openmark.cli;

import java.util.Map;
import java.util.Optional;
import org.openmark.config.ConfigException;
import org.openmark.run.RunProperties;

/**
 * YCSB's {@code -db CLASS} (and the {@code db} property of YCSB's property files): a binding class
 * openmark has a native store for runs on that store, unless the binding's jars are given
 * ({@code --ycsb-classpath}, {@code ycsb.classpath}): a user who brings YCSB's jars means YCSB's
 * binding. Any other class runs, unchanged, on the {@code ycsb} store, which loads it
 * ({@code ycsb.db}). {@code --store ycsb -p ycsb.db=CLASS} runs the YCSB class even where a native
 * store exists. Store names have no dots, class names do.
 */
final class YcsbClassNames {
    /** YCSB binding class names and the openmark store that does the same. */
    static final Map<String, String> NATIVE = Map.of("site.ycsb.BasicDB", "noop",
            "site.ycsb.db.rocksdb.RocksDBClient", "rocksdb", "site.ycsb.db.RedisClient", "redis",
            "site.ycsb.db.JdbcDBClient", "jdbc", "site.ycsb.db.CassandraCQLClient", "cassandra");

    /** The names YCSB's bin/ycsb script takes for the bindings openmark has a native store for, and their classes. */
    static final Map<String, String> BINDINGS = new java.util.TreeMap<>(Map.of("basic", "site.ycsb.BasicDB",
            "rocksdb", "site.ycsb.db.rocksdb.RocksDBClient", "redis", "site.ycsb.db.RedisClient", "jdbc",
            "site.ycsb.db.JdbcDBClient", "cassandra-cql", "site.ycsb.db.CassandraCQLClient"));

    /** The property of the binding's jars. */
    static final String CLASS_PATH = "ycsb.classpath";

    private YcsbClassNames() {
    }

    /**
     * The binding class of bin/ycsb's positional binding name ({@code run basic -P workloada}),
     * which {@link #resolve} then maps as it maps {@code -db CLASS}; or {@code store} (--store, -db)
     * when no name was given.
     *
     * @throws ConfigException for a name openmark has no native store for, or one given with --store
     */
    static String binding(String name, String store) {
        if (name == null) {
            return store;
        }
        if (store != null) {
            throw ConfigException.of("BINDING", name, "name the store once: the binding's name (as bin/ycsb takes it)"
                    + " or --store/-db, not both (--store " + store + " was given too)");
        }
        String bindingClass = BINDINGS.get(name);
        if (bindingClass == null) {
            throw ConfigException.of("BINDING", name, "openmark knows bin/ycsb's names " + String.join(", ",
                    BINDINGS.keySet()) + "; any other YCSB binding runs as -db CLASS with its jars (-db"
                    + " site.ycsb.db.MongoDbClient --ycsb-classpath 'DIR/mongodb-binding/lib/*'), and 'openmark stores'"
                    + " lists openmark's own stores");
        }
        return bindingClass;
    }

    /**
     * Rewrites {@code store} (and {@code db}) in {@code properties} when they name a YCSB class: to
     * the native store that stands in for it when there is one and no jars are given, else to the
     * adapter.
     *
     * @param bindingName bin/ycsb's name of the binding when the user gave one, else null
     * @return the line to tell the user when a native store stands in for the class
     */
    static Optional<String> resolve(Map<String, String> properties, String bindingName) {
        if (!properties.containsKey(RunProperties.STORE) && properties.containsKey(RunProperties.DB)) {
            properties.put(RunProperties.STORE, properties.remove(RunProperties.DB));
        }
        String store = properties.get(RunProperties.STORE);
        if (store == null || !store.contains(".")) {
            return Optional.empty();
        }
        String nativeStore = NATIVE.get(store);
        if (nativeStore != null && !properties.containsKey(CLASS_PATH)) {
            properties.put(RunProperties.STORE, nativeStore);
            if (bindingName != null) {
                return Optional.of("bin/ycsb's binding '" + bindingName + "' runs on openmark's native store '"
                        + nativeStore + "'; with --ycsb-classpath and the binding's jars it runs " + store + " itself");
            }
            return Optional.of(store + " runs on openmark's native store '" + nativeStore + "'; --store ycsb -p ycsb.db="
                    + store + " (or --ycsb-classpath with the binding's jars) runs the YCSB class itself");
        }
        properties.put(RunProperties.STORE, "ycsb");
        properties.put("ycsb.db", store);
        return Optional.empty();
    }
}
