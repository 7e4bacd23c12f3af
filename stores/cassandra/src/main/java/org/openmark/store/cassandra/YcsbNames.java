package org.openmark.store.cassandra;

import java.util.Set;
import java.util.function.Function;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The property names of YCSB's cassandra-cql binding ({@code site.ycsb.db.CassandraCQLClient}), so a
 * {@code -P} file written for it works unchanged: each is another name for one of openmark's
 * settings. {@code cassandra.keyspace}, {@code cassandra.username}, {@code cassandra.password} and
 * {@code cassandra.tracing} are the same names in both. A setting given under both names must have
 * one value.
 */
final class YcsbNames {
    /** Contact points, as {@code cassandra.hosts} (YCSB requires it; openmark defaults to 127.0.0.1). */
    static final String HOSTS = "hosts";
    static final String PORT = "port";
    static final String READ_CONSISTENCY = "cassandra.readconsistencylevel";
    static final String WRITE_CONSISTENCY = "cassandra.writeconsistencylevel";
    /** YCSB's driver's read timeout: how long it waits for a request, as {@code cassandra.requesttimeout}. */
    static final String READ_TIMEOUT = "cassandra.readtimeoutmillis";
    static final String CONNECT_TIMEOUT = "cassandra.connecttimeoutmillis";
    /** The connections YCSB's driver grows its pool to under load; openmark opens them at once. */
    static final String MAX_CONNECTIONS = "cassandra.maxconnections";
    /** The connections YCSB's driver opens at first; used when {@link #MAX_CONNECTIONS} is not set. */
    static final String CORE_CONNECTIONS = "cassandra.coreconnections";
    /** TLS: only {@code false} (YCSB's default) is accepted, see {@link #refuseSsl}. */
    static final String USE_SSL = "cassandra.useSSL";

    /** The names openmark reads only because YCSB's binding has them. */
    static final Set<String> NAMES = Set.of(HOSTS, PORT, READ_CONSISTENCY, WRITE_CONSISTENCY, READ_TIMEOUT,
            CONNECT_TIMEOUT, MAX_CONNECTIONS, CORE_CONNECTIONS, USE_SSL);

    private YcsbNames() {
    }

    /**
     * The setting given by openmark's {@code name} or YCSB's {@code ycsbName}, read and checked by
     * {@code read} (which names the property it reads), or {@code defaultValue} when neither is set.
     *
     * @throws StoreConfigException naming {@code ycsbName} when both are set to different values
     */
    static <T> T either(StoreProperties properties, String name, String ycsbName, Function<String, T> read,
            T defaultValue) {
        boolean own = properties.contains(name);
        if (!properties.contains(ycsbName)) {
            return own ? read.apply(name) : defaultValue;
        }
        T ycsb = read.apply(ycsbName);
        if (own && !read.apply(name).equals(ycsb)) {
            throw new StoreConfigException(ycsbName, properties.get(ycsbName), "YCSB's name for " + name + ", which is "
                    + properties.get(name) + " here: give the setting once");
        }
        return ycsb;
    }

    /**
     * YCSB's name for the connections per node: {@link #MAX_CONNECTIONS} when set, else
     * {@link #CORE_CONNECTIONS}. The driver openmark uses keeps a fixed pool, so the most connections
     * YCSB's driver would open under load are opened at once.
     *
     * @throws StoreConfigException when the core connections exceed the maximum (YCSB's driver refuses it too)
     */
    static String connectionsName(StoreProperties properties, Function<String, Integer> read) {
        if (!properties.contains(MAX_CONNECTIONS)) {
            return CORE_CONNECTIONS;
        }
        if (properties.contains(CORE_CONNECTIONS) && read.apply(CORE_CONNECTIONS) > read.apply(MAX_CONNECTIONS)) {
            throw new StoreConfigException(CORE_CONNECTIONS, properties.get(CORE_CONNECTIONS), "more than "
                    + MAX_CONNECTIONS + "=" + properties.get(MAX_CONNECTIONS) + "; openmark opens "
                    + MAX_CONNECTIONS + " connections per node at once");
        }
        return MAX_CONNECTIONS;
    }

    /**
     * Refuses {@code cassandra.useSSL=true}: openmark's store does not speak TLS to the nodes, and a
     * run that quietly went unencrypted is not what was asked for.
     */
    static void refuseSsl(StoreProperties properties) {
        if (properties.getBoolean(USE_SSL, false)) {
            throw new StoreConfigException(USE_SSL, properties.get(USE_SSL), "openmark's cassandra store does not"
                    + " connect with TLS; run YCSB's binding itself: --store ycsb -p ycsb.db=site.ycsb.db.CassandraCQLClient"
                    + " --ycsb-classpath 'ycsb-cassandra-binding-0.17.0/lib/*' (docs/ycsb-bindings.md)");
        }
    }
}
