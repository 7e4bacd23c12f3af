package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.StoreConfigException;

/**
 * The keyspace and its tables: the keyspace is created when the store opens (with
 * {@code cassandra.replication} copies in the local datacenter), a table on the first write to it,
 * in YCSB's layout: {@code y_id varchar PRIMARY KEY, field0 varchar, ...}; the workload's table
 * (property {@code table}) when the store opens, before any session writes. A table that does not
 * exist is not created by reads: they find nothing. Several processes that write to a missing table
 * at once can still create it twice: load from one process first.
 *
 * <p>An existing table is taken as the driver's schema metadata describes it ({@link TableLayout}):
 * text fields are kept as text, blob fields (openmark's earlier layout) as bytes, and a table in any
 * other layout is refused, the workload's table when the store opens, before anything is written.
 */
final class CassandraSchema {
    /** YCSB's key column. */
    static final String KEY_COLUMN = "y_id";

    private final CqlSession session;
    private final CassandraConfig config;
    private final Map<String, CassandraTable> tables = new ConcurrentHashMap<>();

    CassandraSchema(CqlSession session, CassandraConfig config) {
        this.session = session;
        this.config = config;
    }

    /**
     * Creates the keyspace when missing, refusing a replication factor larger than the local
     * datacenter's node count; refuses {@code cassandra.replication} that differs from an existing
     * keyspace's.
     *
     * @throws StoreConfigException naming cassandra.replication or cassandra.datacenter
     */
    void ensureKeyspace() {
        int localNodes = localNodeCount();
        if (localNodes == 0) {
            throw new StoreConfigException(CassandraConfig.DATACENTER, config.datacenter(),
                    "no node of the cluster is in this datacenter; the cluster's: " + datacenters());
        }
        Optional<KeyspaceMetadata> existing = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(config.keyspace()));
        if (existing.isPresent()) {
            int factor = replicationFactor(existing.get());
            if (config.replication() != 0 && factor != config.replication()) {
                throw new StoreConfigException(CassandraConfig.REPLICATION, Integer.toString(config.replication()),
                        "keyspace " + config.keyspace() + " exists with " + factor + " replicas in " + config.datacenter()
                                + " (" + existing.get().getReplication() + "); use " + factor
                                + ", another cassandra.keyspace, or drop it");
            }
            return;
        }
        int factor = config.replicationOrDefault();
        if (factor > localNodes) {
            throw new StoreConfigException(CassandraConfig.REPLICATION, Integer.toString(factor),
                    "larger than the " + localNodes + " node" + (localNodes == 1 ? "" : "s") + " of datacenter "
                            + config.datacenter() + " (writes at QUORUM or ALL could never succeed); use 1 to "
                            + localNodes);
        }
        ddl("CREATE KEYSPACE IF NOT EXISTS " + CassandraTable.quote(config.keyspace())
                + " WITH replication = {'class': 'NetworkTopologyStrategy', '" + config.datacenter() + "': " + factor + "}");
    }

    /** The keyspace's replication factor in the local datacenter, or 0 when it cannot tell. */
    int replicationFactor() {
        return session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(config.keyspace()))
                .map(this::replicationFactor).orElse(0);
    }

    private int replicationFactor(KeyspaceMetadata keyspace) {
        Map<String, String> replication = keyspace.getReplication();
        String value = replication.getOrDefault(config.datacenter(), replication.get("replication_factor"));
        try {
            // "3", or "3/1" with transient replicas
            return value == null ? 0 : Integer.parseInt(value.split("/")[0].trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    int localNodeCount() {
        int count = 0;
        for (Node node : session.getMetadata().getNodes().values()) {
            if (config.datacenter().equals(node.getDatacenter())) {
                count++;
            }
        }
        return count;
    }

    private String datacenters() {
        TreeSet<String> names = new TreeSet<>();
        session.getMetadata().getNodes().values().forEach(n -> names.add(String.valueOf(n.getDatacenter())));
        return String.join(", ", names);
    }

    /**
     * The table when it exists (as the driver's schema metadata knows it), else empty.
     *
     * @throws StoreConfigException naming {@code table} when it is in a layout openmark does not write
     */
    Optional<CassandraTable> existing(String name) {
        CassandraTable known = tables.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<TableMetadata> metadata = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(config.keyspace()))
                .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(name)));
        if (metadata.isEmpty()) {
            return Optional.empty();
        }
        CassandraTable table = fromMetadata(name, metadata.get());
        CassandraTable raced = tables.putIfAbsent(name, table);
        return Optional.of(raced == null ? table : raced);
    }

    /**
     * The table, created in YCSB's layout when it does not exist. One creation at a time: tables
     * created concurrently under one name get different ids on different nodes, and writes then
     * fail on the nodes that kept the other ("Unknown CF").
     */
    synchronized CassandraTable createIfMissing(String name) {
        // an existing table in a foreign layout throws here, before anything is created or written
        Optional<CassandraTable> existing = existing(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS ")
                .append(CassandraTable.quote(config.keyspace())).append('.').append(CassandraTable.quote(name))
                .append(" (").append(CassandraTable.quote(KEY_COLUMN)).append(" varchar PRIMARY KEY");
        for (String field : config.fieldNames()) {
            ddl.append(", ").append(CassandraTable.quote(field)).append(" varchar");
        }
        ddl.append(')');
        // the driver waits for schema agreement and refreshes its metadata before returning
        ddl(ddl.toString());
        return existing(name).orElseGet(() -> {
            CassandraTable table = new CassandraTable(session, config.keyspace(), name,
                    TableLayout.created(config.fieldNames()));
            CassandraTable raced = tables.putIfAbsent(name, table);
            return raced == null ? table : raced;
        });
    }

    /**
     * Runs a schema change. The nodes must agree on it before it returns ({@link SchemaAgreement}: every node
     * asked, not only those the driver believes up), which on a busy machine or a freshly started cluster takes
     * far longer than an ordinary request: it gets at least {@link #DDL_TIMEOUT}, and a timeout is the store's
     * failure, said in one line.
     */
    private void ddl(String cql) {
        java.time.Duration timeout = java.time.Duration.ofMillis(Math.max(DDL_TIMEOUT.toMillis(), config.requestTimeoutMs()));
        try {
            session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(cql).setTimeout(timeout));
        } catch (com.datastax.oss.driver.api.core.DriverTimeoutException e) {
            throw new org.openmark.api.StoreException("the cluster did not apply a schema change within "
                    + timeout.toSeconds() + " s (" + cql + "): is every node up and the machine not overloaded?");
        }
        new SchemaAgreement(session, System::nanoTime).await(timeout, cql);
    }

    /** The least time a schema change gets. */
    static final java.time.Duration DDL_TIMEOUT = java.time.Duration.ofSeconds(60);

    /** Forgets what it knew of the tables (after they were dropped or truncated elsewhere). */
    void forget() {
        tables.clear();
    }

    /** The workload's table must have every field the run writes; another table gets what it has. */
    private CassandraTable fromMetadata(String name, TableMetadata metadata) {
        List<String> written = name.equals(config.table()) ? config.fieldNames() : List.of();
        return new CassandraTable(session, config.keyspace(), name,
                TableLayout.of(TableLayout.Shape.of(metadata), written));
    }
}
