package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The cassandra store's settings, validated once from its properties. All defaults live here.
 * Settings that YCSB's cassandra-cql binding has take its property names too ({@link YcsbNames}).
 *
 * @param hosts the contact points (any nodes of the cluster; the driver finds the others)
 * @param port the CQL (native transport) port of every node
 * @param datacenter the local datacenter: the driver sends requests to its nodes only
 * @param keyspace the keyspace of the tables (created when missing)
 * @param replication the replication factor a missing keyspace is created with, or 0 when not set
 *        (then {@link #DEFAULT_REPLICATION}; an existing keyspace is used as it is)
 * @param readConsistency the consistency level of reads
 * @param writeConsistency the consistency level of inserts, updates and deletes
 * @param scanConsistency the consistency level of scans
 * @param requestTimeoutMs how long the driver waits for one request (and for schema agreement)
 * @param connectTimeoutMs how long opening the store waits for the cluster
 * @param fieldNames the columns of a table the store creates: {@code fieldnameprefix} + 0 ..
 *        {@code fieldcount}-1, as YCSB's layout
 * @param connections connections per node
 * @param table the workload's table ({@code table}, YCSB's property), created when the store opens
 * @param pipelined whether sessions start single calls without waiting for them
 *        ({@link org.openmark.api.PipelinedSession}, the driver's asynchronous requests; the default)
 * @param username the user name the store logs in with, or null for none
 * @param password the password that goes with {@code username} (null when it is null); never shown
 * @param tracing whether every request asks the nodes to trace it (YCSB's {@code cassandra.tracing})
 */
public record CassandraConfig(List<String> hosts, int port, String datacenter, String keyspace, int replication,
        ConsistencyLevel readConsistency, ConsistencyLevel writeConsistency, ConsistencyLevel scanConsistency,
        int requestTimeoutMs, int connectTimeoutMs, List<String> fieldNames, int connections, String table,
        boolean pipelined, String username, String password, boolean tracing) {
    public static final String HOSTS = "cassandra.hosts";
    public static final String PORT = "cassandra.port";
    public static final String DATACENTER = "cassandra.datacenter";
    public static final String KEYSPACE = "cassandra.keyspace";
    public static final String REPLICATION = "cassandra.replication";
    public static final String READ_CONSISTENCY = "cassandra.readconsistency";
    public static final String WRITE_CONSISTENCY = "cassandra.writeconsistency";
    public static final String SCAN_CONSISTENCY = "cassandra.scanconsistency";
    public static final String REQUEST_TIMEOUT = "cassandra.requesttimeout";
    public static final String CONNECT_TIMEOUT = "cassandra.connecttimeout";
    public static final String CONNECTIONS = "cassandra.connections";
    public static final String PIPELINED = "cassandra.pipelined";
    /** YCSB's names, which are openmark's too. */
    public static final String USERNAME = "cassandra.username";
    public static final String PASSWORD = "cassandra.password";
    public static final String TRACING = "cassandra.tracing";
    public static final String FIELD_COUNT = "fieldcount";
    public static final String FIELD_NAME_PREFIX = "fieldnameprefix";
    public static final String TABLE = "table";
    /**
     * Every property the store reads of its own, YCSB's names included ({@code table}, {@code fieldcount}
     * and {@code fieldnameprefix} are the workload's).
     */
    public static final Set<String> PROPERTY_NAMES = union(Set.of(HOSTS, PORT, DATACENTER, KEYSPACE, REPLICATION,
            READ_CONSISTENCY, WRITE_CONSISTENCY, SCAN_CONSISTENCY, REQUEST_TIMEOUT, CONNECT_TIMEOUT, CONNECTIONS,
            PIPELINED, USERNAME, PASSWORD, TRACING), YcsbNames.NAMES);

    public static final String DEFAULT_HOSTS = "127.0.0.1";
    public static final int DEFAULT_PORT = 9042;
    /** The datacenter of Cassandra's SimpleSnitch (and of bin/openmark-services). */
    public static final String DEFAULT_DATACENTER = "datacenter1";
    public static final String DEFAULT_KEYSPACE = "ycsb";
    public static final int DEFAULT_REPLICATION = 1;
    /** YCSB's binding's default too: with the same -P file, both tools read and write at the same level. */
    public static final ConsistencyLevel DEFAULT_CONSISTENCY = DefaultConsistencyLevel.QUORUM;
    /**
     * Long enough for DDL on a freshly started cluster (schema agreement across nodes takes
     * seconds there; the driver's default of 2 s is too short) and for a coordinator's own
     * timeouts (write 2 s, read 5 s) to come back as statuses before the driver gives up. The
     * read timeout of YCSB's driver (version 3) is 12 s too.
     */
    public static final int DEFAULT_REQUEST_TIMEOUT_MS = 12_000;
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
    public static final int DEFAULT_CONNECTIONS = 1;
    public static final int DEFAULT_FIELD_COUNT = 10;
    public static final String DEFAULT_FIELD_NAME_PREFIX = "field";
    public static final String DEFAULT_TABLE = "usertable";

    /** Unquoted CQL identifiers: what the store accepts as keyspace, table and column names. */
    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    private static final Set<DefaultConsistencyLevel> READ_LEVELS = Set.of(DefaultConsistencyLevel.ONE,
            DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.THREE, DefaultConsistencyLevel.QUORUM,
            DefaultConsistencyLevel.ALL, DefaultConsistencyLevel.LOCAL_ONE, DefaultConsistencyLevel.LOCAL_QUORUM,
            DefaultConsistencyLevel.SERIAL, DefaultConsistencyLevel.LOCAL_SERIAL);
    private static final Set<DefaultConsistencyLevel> WRITE_LEVELS = Set.of(DefaultConsistencyLevel.ANY,
            DefaultConsistencyLevel.ONE, DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.THREE,
            DefaultConsistencyLevel.QUORUM, DefaultConsistencyLevel.ALL, DefaultConsistencyLevel.LOCAL_ONE,
            DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.EACH_QUORUM);

    /** Validates and resolves the properties; the exception names the offending property. */
    public static CassandraConfig from(StoreProperties properties) {
        List<String> hosts = YcsbNames.either(properties, HOSTS, YcsbNames.HOSTS, name -> hosts(properties, name),
                List.of(DEFAULT_HOSTS));
        int port = YcsbNames.either(properties, PORT, YcsbNames.PORT, name -> port(properties, name), DEFAULT_PORT);
        String datacenter = properties.get(DATACENTER, DEFAULT_DATACENTER).trim();
        if (datacenter.isEmpty()) {
            throw new StoreConfigException(DATACENTER, properties.get(DATACENTER),
                    "must name the local datacenter (nodetool status shows it; default " + DEFAULT_DATACENTER + ")");
        }
        String keyspace = identifier(properties, KEYSPACE, DEFAULT_KEYSPACE);
        int replication = properties.getInt(REPLICATION, 0);
        if (properties.contains(REPLICATION) && replication < 1) {
            throw new StoreConfigException(REPLICATION, properties.get(REPLICATION),
                    "must be a replication factor >= 1 (copies of each record)");
        }
        ConsistencyLevel read = YcsbNames.either(properties, READ_CONSISTENCY, YcsbNames.READ_CONSISTENCY,
                name -> level(properties, name, READ_LEVELS), DEFAULT_CONSISTENCY);
        ConsistencyLevel write = YcsbNames.either(properties, WRITE_CONSISTENCY, YcsbNames.WRITE_CONSISTENCY,
                name -> level(properties, name, WRITE_LEVELS), DEFAULT_CONSISTENCY);
        ConsistencyLevel scan = properties.contains(SCAN_CONSISTENCY) ? level(properties, SCAN_CONSISTENCY, READ_LEVELS)
                : read;
        int requestTimeoutMs = YcsbNames.either(properties, REQUEST_TIMEOUT, YcsbNames.READ_TIMEOUT,
                name -> positive(properties, name), DEFAULT_REQUEST_TIMEOUT_MS);
        int connectTimeoutMs = YcsbNames.either(properties, CONNECT_TIMEOUT, YcsbNames.CONNECT_TIMEOUT,
                name -> positive(properties, name), DEFAULT_CONNECT_TIMEOUT_MS);
        Function<String, Integer> connections = name -> connections(properties, name);
        int perNode = YcsbNames.either(properties, CONNECTIONS, YcsbNames.connectionsName(properties, connections),
                connections, DEFAULT_CONNECTIONS);
        YcsbNames.refuseSsl(properties);
        // empty is unset, as in YCSB's binding (a property file may list both with no value)
        String username = properties.get(USERNAME, "").isEmpty() ? null : properties.get(USERNAME);
        boolean password = !properties.get(PASSWORD, "").isEmpty();
        if (username == null && password) {
            // the value is a secret: never repeated in a message
            throw new StoreConfigException(USERNAME, "", "must be set when " + PASSWORD + " is (the user the password"
                    + " belongs to), or leave both out");
        }
        if (username != null && !password) {
            throw new StoreConfigException(PASSWORD, "", "must be set when " + USERNAME + " is (" + username + ")");
        }
        return new CassandraConfig(hosts, port, datacenter, keyspace, replication, read, write, scan, requestTimeoutMs,
                connectTimeoutMs, fieldNames(properties), perNode, identifier(properties, TABLE, DEFAULT_TABLE),
                properties.getBoolean(PIPELINED, true), username, username == null ? null : properties.get(PASSWORD),
                properties.getBoolean(TRACING, false));
    }

    /** The replication factor a missing keyspace gets. */
    public int replicationOrDefault() {
        return replication == 0 ? DEFAULT_REPLICATION : replication;
    }

    private static List<String> hosts(StoreProperties properties, String name) {
        String value = properties.get(name);
        List<String> hosts = new ArrayList<>();
        for (String host : value.split(",")) {
            if (host.isBlank() || host.trim().contains(" ") || host.trim().contains(":")) {
                throw new StoreConfigException(name, value,
                        "must be host names or addresses separated by commas, e.g. 127.0.0.1,127.0.0.2"
                                + " (the port is " + (name.equals(HOSTS) ? PORT : YcsbNames.PORT) + ")");
            }
            hosts.add(host.trim());
        }
        return List.copyOf(hosts);
    }

    private static int port(StoreProperties properties, String name) {
        int port = properties.getInt(name, DEFAULT_PORT);
        if (port < 1 || port > 65535) {
            throw new StoreConfigException(name, properties.get(name), "must be a TCP port from 1 to 65535");
        }
        return port;
    }

    private static int connections(StoreProperties properties, String name) {
        int connections = properties.getInt(name, DEFAULT_CONNECTIONS);
        if (connections < 1 || connections > 64) {
            throw new StoreConfigException(name, properties.get(name), "must be from 1 to 64 connections per node");
        }
        return connections;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    private static String identifier(StoreProperties properties, String name, String defaultValue) {
        String value = properties.get(name, defaultValue).trim();
        if (!IDENTIFIER.matcher(value).matches()) {
            throw new StoreConfigException(name, value,
                    "must be a CQL name: a letter, then up to 47 letters, digits or '_'");
        }
        return value;
    }

    private static int positive(StoreProperties properties, String name) {
        int value = properties.getInt(name, 0);
        if (value <= 0) {
            throw new StoreConfigException(name, properties.get(name), "must be a number of milliseconds > 0");
        }
        return value;
    }

    private static ConsistencyLevel level(StoreProperties properties, String name, Set<DefaultConsistencyLevel> allowed) {
        String value = properties.get(name);
        DefaultConsistencyLevel level = null;
        try {
            level = DefaultConsistencyLevel.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            // not a level at all: the same message as a level not allowed here
        }
        if (level == null || !allowed.contains(level)) {
            List<String> names = new ArrayList<>();
            Arrays.stream(DefaultConsistencyLevel.values()).filter(allowed::contains).forEach(l -> names.add(l.name()));
            throw new StoreConfigException(name, value, "must be one of " + String.join(", ", names));
        }
        return level;
    }

    private static List<String> fieldNames(StoreProperties properties) {
        int count = properties.getInt(FIELD_COUNT, DEFAULT_FIELD_COUNT);
        if (count < 1 || count > 1000) {
            throw new StoreConfigException(FIELD_COUNT, properties.get(FIELD_COUNT), "must be from 1 to 1000 fields");
        }
        String prefix = properties.get(FIELD_NAME_PREFIX, DEFAULT_FIELD_NAME_PREFIX);
        if (!IDENTIFIER.matcher(prefix + (count - 1)).matches()) {
            throw new StoreConfigException(FIELD_NAME_PREFIX, prefix,
                    "must make CQL column names (a letter, then letters, digits or '_')");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
        }
        return List.copyOf(names);
    }

    @Override
    public String toString() {
        // never the password
        return "cassandra " + String.join(",", hosts) + ":" + port + " dc=" + datacenter + " keyspace=" + keyspace
                + " read=" + readConsistency + " write=" + writeConsistency
                + (username == null ? "" : " user=" + username);
    }
}
