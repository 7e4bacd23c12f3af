package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.WarsTracing;
import org.openmark.store.cassandra.CassandraSession.OpKind;

/**
 * An Apache Cassandra cluster as an openmark store, through the Apache Cassandra Java driver.
 * Opening connects to the contact points and makes sure the keyspace exists, so an unreachable
 * cluster, a wrong datacenter or a replication factor the cluster cannot hold are refused before
 * anything runs. One driver session serves every openmark session.
 */
public final class CassandraStore implements Store, WarsTracing {
    private static final SimpleStatement LOCAL = SimpleStatement.newInstance(
            "SELECT release_version FROM system.local");

    private final CassandraConfig config;
    private final CqlSession session;
    private final CassandraSchema schema;
    private final CassandraFailures failures = new CassandraFailures();
    private final CassandraWarsTracer tracer;
    private final NodeWatch nodes;
    /** The local datacenter's nodes when the facts were first asked (before the first phase), -1 before. */
    private volatile int firstNodeCount = -1;
    /** The version a node reported, or null until asked. */
    private volatile String version;

    CassandraStore(CassandraConfig config) {
        this.config = config;
        this.session = CassandraConnector.connect(config);
        this.tracer = new CassandraWarsTracer(session, config.writeConsistency());
        this.nodes = new NodeWatch(session, config.keyspace(), config.table(), System::nanoTime);
        try {
            this.schema = new CassandraSchema(session, config);
            schema.ensureKeyspace();
            schema.createIfMissing(config.table());
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** The validated settings. */
    public CassandraConfig config() {
        return config;
    }

    /** The driver session (tests and tools use it for what the Session API cannot say). */
    public CqlSession driverSession() {
        return session;
    }

    CassandraSchema schema() {
        return schema;
    }

    CassandraFailures failures() {
        return failures;
    }

    @Override
    public Session newSession() {
        return config.pipelined() ? new PipelinedCassandraSession(this) : new CassandraSession(this);
    }

    /**
     * The driver's bound: {@value CassandraConnector#MAX_REQUESTS_PER_CONNECTION} requests on each
     * of {@code cassandra.connections} connections to each node of the local datacenter. Beyond it
     * the driver refuses a request at once ("all nodes busy") without sending it.
     */
    @Override
    public int maxOutstandingRequests() {
        long bound = (long) Math.max(1, schema.localNodeCount()) * config.connections()
                * CassandraConnector.MAX_REQUESTS_PER_CONNECTION;
        return (int) Math.min(Integer.MAX_VALUE, bound);
    }

    /** Runs one request of an openmark operation. */
    ResultSet execute(Statement<?> statement, OpKind kind) {
        ResultSet rows = session.execute(traced(statement));
        nodes.answered(rows.getExecutionInfo());
        return rows;
    }

    /**
     * Starts one request of an openmark operation; the stage ends on a thread of the driver's. Its
     * caller tells {@link #answered} of the reply (in its own completion, not a stage more per request).
     */
    CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement, OpKind kind) {
        return session.executeAsync(traced(statement));
    }

    /** A request of {@link #executeAsync} came back with {@code rows}: counted for the node that answered it. */
    void answered(AsyncResultSet rows) {
        nodes.answered(rows.getExecutionInfo());
    }

    /**
     * Each node: gossip's state, the requests it answered as coordinator, and its size of the
     * workload's table ({@link NodeWatch}).
     */
    @Override
    public java.util.List<org.openmark.api.NodeActivity> nodeActivity() {
        return nodes.nodes();
    }

    /** With {@code cassandra.tracing=true} (YCSB's property) every request asks the nodes to trace it. */
    private Statement<?> traced(Statement<?> statement) {
        return config.tracing() ? statement.setTracing(true) : statement;
    }

    /** Asks some node for its release version; throws the driver's exception when none answers. */
    void ping() {
        Row row = session.execute(LOCAL).one();
        if (row != null && version == null) {
            version = row.getString(0);
        }
    }

    /** {@code cassandra at HOSTS port P (datacenter D, keyspace K)}, for error messages. */
    @Override
    public String target() {
        return CassandraConnector.where(config) + " (datacenter " + config.datacenter() + ", keyspace "
                + config.keyspace() + ")";
    }

    /**
     * {@code version} (a node's release_version), {@code nodes} (in the local datacenter),
     * {@code replication} (the keyspace's factor there), {@code readconsistency},
     * {@code writeconsistency}, {@code fieldtype} (the workload's table's field columns: {@code text},
     * YCSB's layout, or {@code blob}, openmark's earlier one), and {@code failures}: the driver's
     * reasons for failed requests so far, counted (absent when none failed).
     */
    @Override
    public Map<String, String> facts() {
        Map<String, String> facts = new TreeMap<>();
        if (version == null) {
            try {
                ping();
            } catch (DriverException e) {
                // facts never fail: the version stays unknown
            }
        }
        if (version != null) {
            facts.put("version", version);
        }
        // a run is described by the cluster it began on; a node added or removed during it is told apart
        int nodes = schema.localNodeCount();
        if (firstNodeCount < 0) {
            firstNodeCount = nodes;
        }
        facts.put("nodes", Integer.toString(firstNodeCount));
        if (nodes != firstNodeCount) {
            facts.put("nodesAtEnd", Integer.toString(nodes));
        }
        int replication = schema.replicationFactor();
        if (replication > 0) {
            facts.put("replication", Integer.toString(replication));
        }
        facts.put("readconsistency", config.readConsistency().name());
        facts.put("writeconsistency", config.writeConsistency().name());
        fieldTypes().ifPresent(types -> facts.put("fieldtype", types));
        String failed = failures.summary();
        if (!failed.isEmpty()) {
            facts.put("failures", failed);
        }
        return facts;
    }

    private Optional<String> fieldTypes() {
        try {
            return schema.existing(config.table()).map(t -> t.layout().fieldTypes());
        } catch (StoreException e) {
            return Optional.empty(); // dropped and made again in another layout since the store opened
        }
    }

    /** True when the table does not exist or a read of one key finds none; false when unsure. */
    @Override
    public boolean isKnownEmpty(String table) {
        try {
            Optional<CassandraTable> t = schema.existing(table);
            if (t.isEmpty()) {
                return true;
            }
            return session.execute(t.get().any().bind().setConsistencyLevel(config.scanConsistency())).one() == null;
        } catch (DriverException | StoreException e) {
            return false; // unreachable, or a table in a layout openmark does not write
        }
    }

    /** N from the keyspace's replication, R and W from the configured levels. */
    @Override
    public Quorums quorums() {
        int n = schema.replicationFactor();
        if (n < 1) {
            throw new StoreException("cannot tell the replication factor of keyspace " + config.keyspace());
        }
        return new Quorums(n, CassandraWarsTracer.replicasFor(config.readConsistency(), n),
                CassandraWarsTracer.replicasFor(config.writeConsistency(), n));
    }

    /** A write and a read of the key, both at ALL and traced. */
    @Override
    public Traced traceWriteAndRead(String table, String key, Map<String, byte[]> values) {
        try {
            return tracer.trace(schema.createIfMissing(table), key, values);
        } catch (DriverException e) {
            return Traced.failed(CassandraErrors.reason(e));
        } catch (StoreException e) {
            return Traced.failed(e.getMessage()); // a table in a layout openmark does not write
        }
    }

    /** The delays in the pair's traces, read from {@code system_traces}. */
    @Override
    public WarsSample delays(Traced traced) {
        return tracer.delays(traced);
    }

    @Override
    public void close() {
        session.close();
    }

    @Override
    public String toString() {
        return "CassandraStore[" + config + "]";
    }
}
