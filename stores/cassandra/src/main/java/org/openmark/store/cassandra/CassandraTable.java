package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One table in a layout openmark writes ({@link TableLayout}: a text key column, text or blob field
 * columns) with its prepared statements, prepared on first use and kept per set of fields.
 * Identifiers are quoted, so names keep their case.
 */
final class CassandraTable {
    /** A scan's start key that means "from the start of the token ring". */
    static final String RING_START = "";

    private final CqlSession session;
    private final String qualifiedName;
    private final String name;
    private final TableLayout layout;
    private final String keyColumn;
    private final Map<String, PreparedStatement> statements = new ConcurrentHashMap<>();

    CassandraTable(CqlSession session, String keyspace, String name, TableLayout layout) {
        this.session = session;
        this.name = name;
        this.qualifiedName = quote(keyspace) + "." + quote(name);
        this.layout = layout;
        this.keyColumn = layout.keyColumn();
    }

    static String quote(String identifier) {
        return CqlIdentifier.fromInternal(identifier).asCql(false);
    }

    String name() {
        return name;
    }

    String keyColumn() {
        return keyColumn;
    }

    TableLayout layout() {
        return layout;
    }

    boolean hasField(String field) {
        return layout.fields().containsKey(field);
    }

    /** The value to bind to {@code field}'s column (text or bytes, as the column keeps it). */
    Object encode(String field, byte[] value) {
        return layout.fields().get(field).toCql(value);
    }

    /**
     * The fields {@code columns} of a row whose first column is the key, decoded as their columns
     * keep them, into {@code result}; a null column (never written) is left out.
     */
    void decode(Row row, List<String> columns, Map<String, byte[]> result) {
        for (int i = 0; i < columns.size(); i++) {
            ByteBuffer raw = row.getBytesUnsafe(i + 1);
            if (raw != null) {
                String field = columns.get(i);
                result.put(field, layout.fields().get(field).fromCql(raw));
            }
        }
    }

    /** The table's fields among {@code requested}, sorted; all fields when {@code requested} is null. */
    List<String> existingFields(Set<String> requested) {
        List<String> fields = new ArrayList<>();
        for (String field : requested == null ? new TreeSet<>(layout.fields().keySet()) : new TreeSet<>(requested)) {
            if (hasField(field)) {
                fields.add(field);
            }
        }
        return fields;
    }

    /** {@code SELECT key, fields FROM t WHERE key = ?}. */
    PreparedStatement read(List<String> fields) {
        return prepared("read" + fields, () -> "SELECT " + columns(fields) + " FROM " + qualifiedName
                + " WHERE " + quote(keyColumn) + " = ?");
    }

    /** {@code SELECT key, fields FROM t WHERE token(key) >= token(?) LIMIT ?}, as YCSB's binding scans. */
    PreparedStatement scanFrom(List<String> fields) {
        return prepared("scanFrom" + fields, () -> "SELECT " + columns(fields) + " FROM " + qualifiedName
                + " WHERE token(" + quote(keyColumn) + ") >= token(?) LIMIT ?");
    }

    /** {@code SELECT key, fields FROM t LIMIT ?}: from the start of the token ring. */
    PreparedStatement scanAll(List<String> fields) {
        return prepared("scanAll" + fields, () -> "SELECT " + columns(fields) + " FROM " + qualifiedName + " LIMIT ?");
    }

    /** {@code INSERT INTO t (key, fields) VALUES (?, ...)}: bind the key, then the fields in order. */
    PreparedStatement insert(List<String> fields) {
        return prepared("insert" + fields, () -> {
            StringBuilder values = new StringBuilder("?");
            fields.forEach(f -> values.append(", ?"));
            return "INSERT INTO " + qualifiedName + " (" + columns(fields) + ") VALUES (" + values + ")";
        });
    }

    /** {@code UPDATE t SET field = ?, ... WHERE key = ?}: bind the fields in order, then the key. */
    PreparedStatement update(List<String> fields) {
        return prepared("update" + fields, () -> {
            StringBuilder set = new StringBuilder();
            for (String field : fields) {
                set.append(set.isEmpty() ? "" : ", ").append(quote(field)).append(" = ?");
            }
            return "UPDATE " + qualifiedName + " SET " + set + " WHERE " + quote(keyColumn) + " = ?";
        });
    }

    /** {@code DELETE FROM t WHERE key = ?}. */
    PreparedStatement delete() {
        return prepared("delete", () -> "DELETE FROM " + qualifiedName + " WHERE " + quote(keyColumn) + " = ?");
    }

    /** {@code SELECT key FROM t LIMIT 1}. */
    PreparedStatement any() {
        return prepared("any", () -> "SELECT " + quote(keyColumn) + " FROM " + qualifiedName + " LIMIT 1");
    }

    private String columns(List<String> fields) {
        StringBuilder columns = new StringBuilder(quote(keyColumn));
        for (String field : fields) {
            columns.append(", ").append(quote(field));
        }
        return columns.toString();
    }

    private PreparedStatement prepared(String id, java.util.function.Supplier<String> cql) {
        PreparedStatement statement = statements.get(id);
        if (statement == null) {
            // preparing twice in a race is harmless (the server caches by text); no lock held over I/O
            statement = session.prepare(cql.get());
            statements.putIfAbsent(id, statement);
        }
        return statement;
    }
}
