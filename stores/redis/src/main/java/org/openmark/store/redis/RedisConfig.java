package org.openmark.store.redis;

import java.util.Locale;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The redis store's settings, validated once from its properties. All defaults live here.
 * {@link #toString()} never shows the password.
 *
 * @param host the primary's host
 * @param port the primary's port
 * @param user the ACL user, or {@code null} for the default user
 * @param password the password, or {@code null} for none
 * @param timeoutMs the connect and socket timeout of every connection
 * @param txnMode how start/commit/abort behave
 * @param readFrom where reads and scans outside a unit of work go
 * @param replicaHost the replica's host (used when {@code readFrom} is the replica)
 * @param replicaPort the replica's port, or 0 when none is configured
 * @param waitReplicas after each applied write, WAIT for this many replicas (0: do not wait)
 * @param waitTimeoutMs how long one WAIT may block
 * @param imageMaxBytes the most heap an image (see {@link RedisImage}) may hold
 * @param database the database number every connection SELECTs (0 unless set)
 * @param layout where records live in the database and how values are encoded
 * @param table the workload's table (YCSB's {@code table}), whose index in openmark's own layout
 *     a store in YCSB's layout looks for before it writes anything (see {@link RedisLayout})
 * @param pipelined whether sessions start single calls on a pipelined connection without waiting
 *     for them ({@link org.openmark.api.PipelinedSession}; the default)
 */
public record RedisConfig(String host, int port, String user, String password, int timeoutMs,
        TxnMode txnMode, ReadFrom readFrom, String replicaHost, int replicaPort,
        int waitReplicas, int waitTimeoutMs, long imageMaxBytes, int database, Layout layout, String table,
        boolean pipelined) {
    public static final String HOST = "redis.host";
    public static final String PORT = "redis.port";
    public static final String USER = "redis.user";
    public static final String PASSWORD = "redis.password";
    public static final String TIMEOUT = "redis.timeout";
    public static final String TXN = "redis.txn";
    public static final String READ_FROM = "redis.readfrom";
    public static final String REPLICA_HOST = "redis.replica.host";
    public static final String REPLICA_PORT = "redis.replica.port";
    public static final String WAIT = "redis.wait";
    public static final String WAIT_TIMEOUT = "redis.wait.timeout";
    public static final String IMAGE_MAX_BYTES = "redis.image.maxbytes";
    public static final String DATABASE = "redis.database";
    public static final String LAYOUT = "redis.layout";
    public static final String PIPELINED = "redis.pipelined";
    /** YCSB's RedisClient's switch to a Redis Cluster client; only {@code false} is accepted here. */
    public static final String CLUSTER = "redis.cluster";
    /** The workload's table, as YCSB names it (not the store's own property, and not in PROPERTY_NAMES). */
    static final String TABLE = "table";
    /**
     * Every property the store reads. YCSB's RedisClient reads redis.host, redis.port, redis.password,
     * redis.timeout (the same here) and redis.cluster.
     */
    public static final Set<String> PROPERTY_NAMES = Set.of(HOST, PORT, USER, PASSWORD, TIMEOUT, TXN,
            READ_FROM, REPLICA_HOST, REPLICA_PORT, WAIT, WAIT_TIMEOUT, IMAGE_MAX_BYTES, DATABASE, LAYOUT, CLUSTER,
            PIPELINED);

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 6379;
    public static final int DEFAULT_TIMEOUT_MS = 2000;
    public static final int DEFAULT_WAIT_TIMEOUT_MS = 1000;
    /** The default image bound: half the JVM's maximum heap, leaving the rest to the run. */
    public static final long DEFAULT_IMAGE_MAX_BYTES = Runtime.getRuntime().maxMemory() / 2;
    /** YCSB's default table. */
    public static final String DEFAULT_TABLE = "usertable";
    /** The class of YCSB's own binding, for the line that sends a cluster user there. */
    static final String YCSB_CLASS = "site.ycsb.db.RedisClient";

    /** Where records live in the database (see {@link RedisLayout}). */
    public enum Layout {
        /** YCSB's RedisClient's: a hash named by the key alone, the sorted set {@code _indices} scored by hashCode. */
        YCSB,
        /** openmark's earlier one: a hash {@code <table>:<key>}, a sorted set {@code <table>.index} per table. */
        OPENMARK
    }

    /** How {@code start/commit/abort} behave. */
    public enum TxnMode {
        /** start/commit/abort do nothing; every write applies at once. */
        NONE,
        /** Optimistic units of work: reads WATCH their keys, writes are buffered, commit runs MULTI/EXEC. */
        WATCH
    }

    /** Where reads and scans go. */
    public enum ReadFrom {
        PRIMARY,
        REPLICA
    }

    /** Validates and resolves the properties; the exception names the offending property. */
    public static RedisConfig from(StoreProperties properties) {
        String host = nonBlank(properties, HOST, DEFAULT_HOST);
        int port = port(properties, PORT, DEFAULT_PORT);
        String user = properties.get(USER);
        String password = properties.get(PASSWORD);
        int timeoutMs = properties.getInt(TIMEOUT, DEFAULT_TIMEOUT_MS);
        if (timeoutMs <= 0) {
            throw new StoreConfigException(TIMEOUT, properties.get(TIMEOUT), "must be a number of milliseconds > 0");
        }
        TxnMode txnMode = choice(properties, TXN, TxnMode.class, TxnMode.NONE);
        ReadFrom readFrom = choice(properties, READ_FROM, ReadFrom.class, ReadFrom.PRIMARY);
        String replicaHost = nonBlank(properties, REPLICA_HOST, host);
        int replicaPort = properties.contains(REPLICA_PORT) ? port(properties, REPLICA_PORT, 0) : 0;
        if (readFrom == ReadFrom.REPLICA && replicaPort == 0) {
            throw new StoreConfigException(READ_FROM, properties.get(READ_FROM),
                    "needs " + REPLICA_PORT + " (and " + REPLICA_HOST + " unless the replica runs on " + HOST + ")");
        }
        if (readFrom == ReadFrom.REPLICA && txnMode == TxnMode.WATCH) {
            throw new StoreConfigException(READ_FROM, properties.get(READ_FROM),
                    "cannot be combined with " + TXN + "=watch (WATCH protects reads on the primary only)");
        }
        int waitReplicas = properties.getInt(WAIT, 0);
        if (waitReplicas < 0) {
            throw new StoreConfigException(WAIT, properties.get(WAIT), "must be a number of replicas >= 0 (0: do not wait)");
        }
        int waitTimeoutMs = properties.getInt(WAIT_TIMEOUT, DEFAULT_WAIT_TIMEOUT_MS);
        if (waitReplicas > 0 && (waitTimeoutMs <= 0 || waitTimeoutMs >= timeoutMs)) {
            throw new StoreConfigException(WAIT_TIMEOUT, properties.get(WAIT_TIMEOUT),
                    "must be a number of milliseconds > 0 and < " + TIMEOUT + " (" + timeoutMs
                            + "), or the socket times out before WAIT returns");
        }
        long imageMaxBytes = properties.getLong(IMAGE_MAX_BYTES, DEFAULT_IMAGE_MAX_BYTES);
        if (imageMaxBytes <= 0) {
            throw new StoreConfigException(IMAGE_MAX_BYTES, properties.get(IMAGE_MAX_BYTES),
                    "must be a number of bytes > 0 (default: half the JVM's maximum heap, " + DEFAULT_IMAGE_MAX_BYTES + ")");
        }
        int database = properties.getInt(DATABASE, 0);
        if (database < 0) {
            throw new StoreConfigException(DATABASE, properties.get(DATABASE),
                    "must be a database number >= 0 (the server's 'databases' setting bounds it, 16 by default)");
        }
        if (properties.getBoolean(CLUSTER, false)) {
            throw new StoreConfigException(CLUSTER, properties.get(CLUSTER), "openmark's redis store talks to one"
                    + " server (and optionally its replica), not to a Redis Cluster; run YCSB's own binding for a"
                    + " cluster: -db " + YCSB_CLASS
                    + " --ycsb-classpath 'ycsb-redis-binding-0.17.0/lib/*'");
        }
        Layout layout = choice(properties, LAYOUT, Layout.class, Layout.YCSB);
        String table = properties.get(TABLE, DEFAULT_TABLE);
        return new RedisConfig(host, port, user, password, timeoutMs, txnMode, readFrom, replicaHost,
                replicaPort, waitReplicas, waitTimeoutMs, imageMaxBytes, database, layout, table,
                properties.getBoolean(PIPELINED, true));
    }

    private static String nonBlank(StoreProperties properties, String name, String defaultValue) {
        String value = properties.get(name, defaultValue);
        if (value.isBlank()) {
            throw new StoreConfigException(name, value, "must be a host name or address");
        }
        return value.trim();
    }

    private static int port(StoreProperties properties, String name, int defaultValue) {
        int port = properties.getInt(name, defaultValue);
        if (port < 1 || port > 65535) {
            throw new StoreConfigException(name, properties.get(name), "must be a TCP port from 1 to 65535");
        }
        return port;
    }

    private static <E extends Enum<E>> E choice(StoreProperties properties, String name, Class<E> type, E defaultValue) {
        String value = properties.get(name);
        if (value == null) {
            return defaultValue;
        }
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder allowed = new StringBuilder();
            for (E constant : type.getEnumConstants()) {
                allowed.append(allowed.isEmpty() ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
            }
            throw new StoreConfigException(name, value, "must be one of " + allowed);
        }
    }

    @Override
    public String toString() {
        return "redis " + host + ":" + port + (database == 0 ? "" : " database=" + database)
                + " layout=" + layout.name().toLowerCase(Locale.ROOT)
                + (user == null ? "" : " user=" + user)
                + (password == null ? "" : " password=***")
                + " timeout=" + timeoutMs + "ms txn=" + txnMode.name().toLowerCase(Locale.ROOT)
                + " readfrom=" + readFrom.name().toLowerCase(Locale.ROOT)
                + (replicaPort == 0 ? "" : " replica=" + replicaHost + ":" + replicaPort)
                + (waitReplicas == 0 ? "" : " wait=" + waitReplicas + " wait.timeout=" + waitTimeoutMs + "ms")
                + (pipelined ? "" : " pipelined=false");
    }
}
