package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;

/**
 * One client of the cluster. All sessions share the store's driver session (which is thread
 * safe and pools the connections); this object only keeps what its last failure was.
 *
 * <p>Semantics, as YCSB's Cassandra binding: insert and update are upserts that write the given
 * fields and keep the others; delete cannot tell whether the key existed (OK either way); scans
 * go in token order from the start key's token, not in key order. start/commit/abort do nothing:
 * Cassandra has no multi-key transactions.
 *
 * <p>Each call is first made a {@link Call} (the bound statement, or the status it ends with
 * without a request); the blocking methods here execute it, {@link PipelinedCassandraSession}
 * starts it.
 */
class CassandraSession implements Session {
    final CassandraStore store;
    private volatile String lastFailure;

    CassandraSession(CassandraStore store) {
        this.store = store;
    }

    /**
     * What one call sends: a statement to a table (with the columns a read asks for), or, when no
     * request is needed, the status it ends with at once.
     */
    record Call(BoundStatement statement, CassandraTable table, List<String> columns, Status immediate) {
        static Call done(Status status) {
            return new Call(null, null, List.of(), status);
        }

        static Call of(BoundStatement statement, CassandraTable table, List<String> columns) {
            return new Call(statement, table, columns, null);
        }

        boolean isDone() {
            return immediate != null;
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        try {
            Call call = readCall(table, key, fields, result);
            return call.isDone() ? call.immediate() : readResult(store.execute(call.statement(), OpKind.READ).one(),
                    call, result);
        } catch (DriverException e) {
            return failed(e);
        }
    }

    /** Throws the driver's exception when the schema cannot be read. */
    Call readCall(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        if (table == null || key == null || result == null) {
            return badRequest("read needs a table, a key and a result map");
        }
        Optional<CassandraTable> t;
        try {
            t = store.schema().existing(table);
        } catch (StoreConfigException foreign) {
            return badRequest(foreign.getMessage());
        }
        if (t.isEmpty()) {
            return Call.done(Status.NOT_FOUND);
        }
        List<String> columns = t.get().existingFields(fields);
        return Call.of(t.get().read(columns).bind(key).setConsistencyLevel(store.config().readConsistency()), t.get(),
                columns);
    }

    static Status readResult(Row row, Call call, Map<String, byte[]> result) {
        if (row == null) {
            return Status.NOT_FOUND;
        }
        call.table().decode(row, call.columns(), result);
        return Status.OK;
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        try {
            Call call = scanCall(table, startKey, recordCount, fields, result);
            if (call.isDone()) {
                return call.immediate();
            }
            ResultSet rows = store.execute(call.statement(), OpKind.SCAN);
            for (Row row : rows) {
                addRecord(row, call, result);
            }
            return Status.OK;
        } catch (DriverException e) {
            return failed(e);
        }
    }

    Call scanCall(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        if (table == null || startKey == null || result == null || recordCount < 0) {
            return badRequest("scan needs a table, a start key, a result list and a record count >= 0");
        }
        Optional<CassandraTable> t;
        try {
            t = store.schema().existing(table);
        } catch (StoreConfigException foreign) {
            return badRequest(foreign.getMessage());
        }
        if (t.isEmpty() || recordCount == 0) {
            return Call.done(Status.OK);
        }
        List<String> columns = t.get().existingFields(fields);
        BoundStatement statement = startKey.equals(CassandraTable.RING_START)
                ? t.get().scanAll(columns).bind(recordCount)
                : t.get().scanFrom(columns).bind(startKey, recordCount);
        return Call.of(statement.setConsistencyLevel(store.config().scanConsistency()), t.get(), columns);
    }

    static void addRecord(Row row, Call call, List<Record> result) {
        Map<String, byte[]> values = new HashMap<>();
        call.table().decode(row, call.columns(), values);
        result.add(new Record(row.getString(0), values));
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        return executeWrite(() -> writeCall(table, key, values, false));
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return executeWrite(() -> writeCall(table, key, values, true));
    }

    /** OK whether or not the key existed: Cassandra writes a tombstone without reading. */
    @Override
    public Status delete(String table, String key) {
        return executeWrite(() -> deleteCall(table, key));
    }

    private Status executeWrite(Supplier<Call> make) {
        try {
            Call call = make.get();
            if (call.isDone()) {
                return call.immediate();
            }
            store.execute(call.statement(), OpKind.WRITE);
            return Status.OK;
        } catch (DriverException e) {
            return failed(e);
        }
    }

    /**
     * Throws the driver's exception when creating a missing table fails; a table in a layout
     * openmark does not write is a BAD_REQUEST, and nothing is sent.
     */
    Call writeCall(String table, String key, Map<String, byte[]> values, boolean insert) {
        if (table == null || key == null || values == null || values.values().stream().anyMatch(v -> v == null)) {
            return badRequest("a write needs a table, a key and a value for every field");
        }
        if (!CassandraConfig.IDENTIFIER.matcher(table).matches()) {
            return badRequest("table " + table + ": a CQL table name is a letter, then up to 47 letters, digits or '_'");
        }
        CassandraTable t;
        try {
            t = store.schema().createIfMissing(table);
        } catch (StoreConfigException foreign) {
            return badRequest(foreign.getMessage());
        }
        TreeMap<String, byte[]> sorted = new TreeMap<>(values);
        for (String field : sorted.keySet()) {
            if (!t.hasField(field)) {
                return badRequest("table " + table + " has no column " + field + " (a table is created with the"
                        + " fields of fieldcount and fieldnameprefix when first written)");
            }
        }
        List<String> fields = List.copyOf(sorted.keySet());
        if (!insert && fields.isEmpty()) {
            return Call.done(Status.OK);
        }
        Object[] bound = new Object[fields.size() + 1];
        int i = insert ? 1 : 0;
        for (Map.Entry<String, byte[]> field : sorted.entrySet()) {
            bound[i++] = t.encode(field.getKey(), field.getValue());
        }
        bound[insert ? 0 : fields.size()] = key;
        BoundStatement statement = (insert ? t.insert(fields) : t.update(fields)).bind(bound);
        return Call.of(statement.setConsistencyLevel(store.config().writeConsistency()), t, List.of());
    }

    Call deleteCall(String table, String key) {
        if (table == null || key == null) {
            return badRequest("delete needs a table and a key");
        }
        Optional<CassandraTable> t;
        try {
            t = store.schema().existing(table);
        } catch (StoreConfigException foreign) {
            return badRequest(foreign.getMessage());
        }
        if (t.isEmpty()) {
            return Call.done(Status.NOT_FOUND);
        }
        return Call.of(t.get().delete().bind(key).setConsistencyLevel(store.config().writeConsistency()), t.get(),
                List.of());
    }

    /** A read of {@code system.local} on some node: a round trip that needs no table. */
    @Override
    public Status ping(String table) {
        try {
            store.ping();
            return Status.OK;
        } catch (DriverException e) {
            return failed(e);
        }
    }

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    Status failed(DriverException e) {
        lastFailure = CassandraErrors.reason(e);
        Status status = CassandraErrors.statusOf(e);
        store.failures().count(status, e);
        return status;
    }

    private Call badRequest(String why) {
        lastFailure = why;
        return Call.done(Status.BAD_REQUEST);
    }

    /** What kind of request a statement is (the store traces some of each). */
    enum OpKind {
        READ, SCAN, WRITE
    }
}
