package org.openmark.store.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.openmark.api.StoreProperties;

/**
 * A plain CQL client that writes and reads as YCSB's cassandra-cql binding does, without YCSB:
 * values bound with {@code setString} of the value's text, read back as each column's raw bytes
 * and turned into text as YCSB's verification does (UTF-8). Statements run at QUORUM, YCSB's default.
 */
final class YcsbClient implements AutoCloseable {
    static final int FIELD_COUNT = 10;
    static final int FIELD_LENGTH = 100;

    private static final Duration AGREEMENT_TIMEOUT = Duration.ofSeconds(180);

    private final CqlSession session;

    YcsbClient(StoreProperties cluster) {
        DriverConfigLoader loader = DriverConfigLoader.programmaticBuilder()
                // schema changes on three nodes sharing two busy cores have taken over a minute here
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(180))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, AGREEMENT_TIMEOUT)
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "QUORUM")
                .build();
        session = CqlSession.builder()
                .addContactPoint(new InetSocketAddress(cluster.get("cassandra.hosts").split(",")[0],
                        Integer.parseInt(cluster.get("cassandra.port"))))
                .withLocalDatacenter(cluster.get("cassandra.datacenter", "datacenter1"))
                .withConfigLoader(loader)
                .build();
    }

    /**
     * Runs one statement; after a schema change, waits until every node reports the same schema
     * version. The driver's own agreement check counts only the nodes it sees up, and on two busy
     * cores it has seen one down for a moment: a table was then missing on the node that
     * coordinated the next insert ("table clustered does not exist", CI of 2026-11-29).
     */
    List<Row> execute(String cql, Object... values) {
        List<Row> rows = session.execute(SimpleStatement.newInstance(cql, values)).all();
        if (SCHEMA_CHANGE.matcher(cql).lookingAt()) {
            awaitOneSchemaOnEveryNode();
        }
        return rows;
    }

    private static final Pattern SCHEMA_CHANGE = Pattern.compile("\\s*(create|alter|drop)\\s", Pattern.CASE_INSENSITIVE);

    private void awaitOneSchemaOnEveryNode() {
        long deadline = System.nanoTime() + AGREEMENT_TIMEOUT.toNanos();
        Map<String, String> versions = new TreeMap<>();
        while (true) {
            versions.clear();
            for (Node node : session.getMetadata().getNodes().values()) {
                String version;
                try {
                    Row local = session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
                            .setNode(node)).one();
                    version = local == null ? "none" : String.valueOf(local.getUuid(0));
                } catch (RuntimeException unreachable) {
                    version = "unreachable: " + unreachable.getMessage();
                }
                versions.put(String.valueOf(node.getEndPoint()), version);
            }
            if (versions.values().stream().distinct().count() == 1 && !versions.values().iterator().next()
                    .startsWith("unreachable")) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the nodes did not agree on the schema within " + AGREEMENT_TIMEOUT
                        + ": " + versions);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for schema agreement", e);
            }
        }
    }

    /** The keyspace as YCSB's README creates it (SimpleStrategy, three replicas) and the table by its CQL. */
    void createYcsbTable(String keyspace) {
        execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH REPLICATION = {'class' : 'SimpleStrategy', 'replication_factor': 3 }");
        StringBuilder table = new StringBuilder("create table " + keyspace + ".usertable (y_id varchar primary key");
        for (int i = 0; i < FIELD_COUNT; i++) {
            table.append(", field").append(i).append(" varchar");
        }
        execute(table.append(')').toString());
    }

    /** Inserts records {@code user0 ..} with the dataintegrity values, each bound with setString as YCSB binds. */
    void loadDeterministic(String keyspace, int records) {
        StringBuilder columns = new StringBuilder("y_id");
        StringBuilder marks = new StringBuilder("?");
        for (int i = 0; i < FIELD_COUNT; i++) {
            columns.append(", field").append(i);
            marks.append(", ?");
        }
        PreparedStatement insert = session.prepare("INSERT INTO " + keyspace + ".usertable (" + columns + ") VALUES ("
                + marks + ")");
        for (int r = 0; r < records; r++) {
            String key = "user" + r;
            BoundStatementBuilder bound = insert.boundStatementBuilder().setString(0, key);
            for (int i = 0; i < FIELD_COUNT; i++) {
                bound.setString(i + 1, deterministic(key, "field" + i));
            }
            session.execute(bound.setConsistencyLevel(DefaultConsistencyLevel.QUORUM).build());
        }
    }

    /**
     * Reads one record as YCSB's binding reads it with dataintegrity on (the fields by name, each
     * column's raw bytes), as text the way YCSB's verification turns them into text; null when missing.
     */
    Map<String, String> read(String keyspace, String table, String key, int fieldCount) {
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < fieldCount; i++) {
            fields.add("field" + i);
        }
        List<Row> rows = execute("SELECT " + String.join(", ", fields) + " FROM " + keyspace + "." + table
                + " WHERE y_id = ? LIMIT 1", key);
        if (rows.isEmpty()) {
            return null;
        }
        Map<String, String> record = new TreeMap<>();
        for (int i = 0; i < fieldCount; i++) {
            ByteBuffer raw = rows.get(0).getBytesUnsafe(i);
            record.put(fields.get(i), raw == null ? null : UTF_8.decode(raw.duplicate()).toString());
        }
        return record;
    }

    /** Column name to CQL type, as system_schema.columns holds them ({@code text} for varchar). */
    Map<String, String> columnTypes(String keyspace, String table) {
        Map<String, String> types = new TreeMap<>();
        for (Row row : execute("SELECT column_name, type, kind FROM system_schema.columns WHERE keyspace_name = ?"
                + " AND table_name = ?", keyspace, table)) {
            types.put(row.getString(0), row.getString(1) + " " + row.getString(2));
        }
        return types;
    }

    /** Every row of a table as JSON, sorted: to see that nothing changed. */
    List<String> rowsAsJson(String keyspace, String table) {
        List<String> rows = new ArrayList<>();
        execute("SELECT JSON * FROM " + keyspace + "." + table).forEach(r -> rows.add(r.getString(0)));
        rows.sort(null);
        return rows;
    }

    /**
     * YCSB's dataintegrity value of a field: {@code key:field}, then again and again {@code ':'}
     * followed by the decimal String.hashCode of the text so far (the colon included), cut to the
     * field length.
     */
    static String deterministic(String key, String field) {
        StringBuilder text = new StringBuilder(key).append(':').append(field);
        while (text.length() < FIELD_LENGTH) {
            text.append(':');
            text.append(text.toString().hashCode());
        }
        return text.substring(0, FIELD_LENGTH);
    }

    @Override
    public void close() {
        session.close();
    }
}
