package org.openmark.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;

/**
 * One client of the jdbc store: one connection (opened on first use, reopened after it is
 * lost) and its prepared statements. Implementation notes:
 * <ul>
 * <li>Outside a unit of work the connection autocommits. {@link #start()} opens a unit; its
 * first statement switches autocommit off; {@link #commit()}/{@link #abort()} end it and
 * switch autocommit back on.</li>
 * <li>Any failure inside a unit rolls the transaction back and dooms the unit (PostgreSQL
 * refuses further statements in a failed transaction anyway): the failing call returns its
 * status (ABORTED for 40001/40P01), later calls and the commit return ABORTED. A failed
 * commit is ABORTED.</li>
 * <li>With {@code jdbc.batchsize > 1}, inserts outside a unit are queued and return OK; the
 * batch is sent when full, before any other call, and on close.</li>
 * <li>Each table's layout ({@link JdbcTables}) says how each column holds values: text (YCSB's
 * layout) or binary. A table in a layout the store does not write is BAD_REQUEST, and so is a
 * value the column cannot hold (byte 0 in PostgreSQL's text); nothing is sent then.</li>
 * </ul>
 */
final class JdbcSession implements Session {
    private final JdbcConfig config;
    private final JdbcTables tables;
    private final Consumer<JdbcSession> onClose;
    private final SessionConnection connection;
    private final InsertBatch batch;
    private final SqlTexts texts = new SqlTexts();
    private Unit unit;

    /** An open unit of work. */
    private static final class Unit {
        boolean doomed;
    }

    @FunctionalInterface
    private interface SqlCall {
        Status run() throws SQLException;
    }

    JdbcSession(JdbcConfig config, JdbcConnector connector, JdbcTables tables, Consumer<JdbcSession> onClose) {
        this.config = config;
        this.tables = tables;
        this.onClose = onClose;
        this.connection = new SessionConnection(connector, config.queryTimeoutSeconds());
        this.batch = new InsertBatch(config.batchSize());
    }

    /** {@code SELECT 1}: the server answers (and takes the credentials) even before the table exists. */
    @Override
    public Status ping(String table) {
        return execute(() -> {
            try (java.sql.ResultSet rs = prepare("SELECT 1").executeQuery()) {
                return rs.next() ? Status.OK : Status.ERROR;
            }
        });
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        List<String> columns = columns(fields);
        if (!SqlText.isIdentifier(table) || key == null || columns == null) {
            return Status.BAD_REQUEST;
        }
        return execute(() -> emptyIfNotCreatedYet(Status.NOT_FOUND, () -> {
            TableLayout layout = tables.layout(table);
            PreparedStatement statement = prepare(texts.text(SqlTexts.Kind.READ, table, columns));
            statement.setString(1, key);
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next()) {
                    return Status.NOT_FOUND;
                }
                layout.put(rows, columns, result);
                return Status.OK;
            }
        }));
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        List<String> columns = columns(fields);
        if (!SqlText.isIdentifier(table) || startKey == null || recordCount < 0 || columns == null) {
            return Status.BAD_REQUEST;
        }
        return execute(() -> emptyIfNotCreatedYet(Status.OK, () -> {
            TableLayout layout = tables.layout(table);
            PreparedStatement statement = prepare(texts.text(SqlTexts.Kind.SCAN, table, columns));
            if (config.fetchSize() > 0) {
                statement.setFetchSize(config.fetchSize());
            }
            statement.setString(1, startKey);
            statement.setInt(2, recordCount);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    Map<String, byte[]> recordFields = new HashMap<>();
                    layout.put(rows, columns, recordFields);
                    result.add(new Record(rows.getString(1), recordFields));
                }
                return Status.OK;
            }
        }));
    }

    /**
     * A read of a table the store creates before its first insert, and has not yet: the table holds
     * no record, so {@code empty} (NOT_FOUND for a read, OK with nothing for a scan), as in every
     * other store. Outside a unit of work only: in one, the failed statement has already aborted
     * the transaction, which must fail as it is.
     */
    private Status emptyIfNotCreatedYet(Status empty, SqlCall call) throws SQLException {
        try {
            return call.run();
        } catch (SQLException e) {
            if (config.createTable() && unit == null && SqlDialect.isMissingTable(e)) {
                return empty;
            }
            throw e;
        }
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        List<String> columns = writeColumns(table, key, values);
        if (columns == null) {
            return Status.BAD_REQUEST;
        }
        return execute(() -> {
            TableLayout layout = tables.layout(table);
            if (!holds(layout, columns, values)) {
                return Status.BAD_REQUEST;
            }
            PreparedStatement statement = prepare(texts.text(SqlTexts.Kind.UPDATE, table, columns));
            layout.bind(statement, 1, columns, values);
            statement.setString(columns.size() + 1, key);
            return statement.executeUpdate() == 0 ? Status.NOT_FOUND : Status.OK;
        });
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        List<String> columns = writeColumns(table, key, values);
        if (columns == null) {
            return Status.BAD_REQUEST;
        }
        TableLayout layout;
        try {
            layout = tables.forInsert(table);
        } catch (SQLException e) {
            // on a connection of its own: the session's unit of work is not touched
            lastFailure = describe(e);
            return SqlStates.statusOf(e);
        } catch (StoreConfigException e) {
            return refused(e);
        }
        if (!holds(layout, columns, values)) {
            return Status.BAD_REQUEST;
        }
        if (unit == null && config.batchSize() > 1) {
            try {
                PreparedStatement statement = bindInsert(prepare(texts.text(SqlTexts.Kind.INSERT, table, columns)), key, values, columns, layout);
                return batch.add(statement) ? flush() : Status.OK;
            } catch (SQLException e) {
                return failed(e);
            }
        }
        return execute(() -> {
            bindInsert(prepare(texts.text(SqlTexts.Kind.INSERT, table, columns)), key, values, columns, layout).executeUpdate();
            return Status.OK;
        });
    }

    @Override
    public Status delete(String table, String key) {
        if (!SqlText.isIdentifier(table) || key == null) {
            return Status.BAD_REQUEST;
        }
        return execute(() -> {
            tables.layout(table); // refuses a table in another layout
            PreparedStatement statement = prepare(SqlText.delete(table));
            statement.setString(1, key);
            return statement.executeUpdate() == 0 ? Status.NOT_FOUND : Status.OK;
        });
    }

    @Override
    public Status start() {
        if (unit != null) {
            return Status.UNEXPECTED_STATE;
        }
        Status flushed = flush();
        if (!flushed.isOk()) {
            return flushed;
        }
        unit = new Unit();
        return Status.OK;
    }

    @Override
    public Status commit() {
        Unit ending = unit;
        unit = null;
        if (ending == null) {
            return Status.OK;
        }
        try {
            if (ending.doomed) {
                return Status.ABORTED;
            }
            if (!connection.inTransaction()) {
                return Status.OK; // no statement ran inside the unit
            }
            connection.commit();
            return Status.OK;
        } catch (SQLException e) {
            if (connection.isLostAfter(e)) {
                connection.drop();
            } else {
                connection.rollbackQuietly();
            }
            return Status.ABORTED;
        } finally {
            connection.endTransaction();
        }
    }

    @Override
    public Status abort() {
        Unit ending = unit;
        unit = null;
        if (ending != null && !ending.doomed && connection.inTransaction()) {
            connection.rollbackQuietly();
        }
        connection.endTransaction();
        return Status.OK;
    }

    @Override
    public void close() {
        flush();
        abort();
        connection.drop();
        onClose.accept(this);
    }

    /** Runs one call after sending queued inserts; maps a failure to its status. */
    private Status execute(SqlCall call) {
        if (unit != null && unit.doomed) {
            return Status.ABORTED;
        }
        Status flushed = flush();
        if (!flushed.isOk()) {
            return flushed;
        }
        try {
            return call.run();
        } catch (SQLException e) {
            return failed(e);
        } catch (StoreConfigException e) {
            return refused(e);
        }
    }

    /** A table in a layout the store does not write: nothing was sent, so a unit of work goes on. */
    private Status refused(StoreConfigException e) {
        lastFailure = e.getMessage();
        return Status.BAD_REQUEST;
    }

    /** False, with the reason as the last failure, when a value holds a byte its text column cannot. */
    private boolean holds(TableLayout layout, List<String> columns, Map<String, byte[]> values) {
        if (config.dialect().textHoldsNul()) {
            return true;
        }
        String column = layout.firstNulInText(columns, values);
        if (column == null) {
            return true;
        }
        lastFailure = "the value of " + column + " holds byte 0, which a text column of this database cannot hold"
                + " (YCSB's layout); nothing was written";
        return false;
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        return connection.prepare(sql, unit != null);
    }

    private Status flush() {
        if (batch.isEmpty()) {
            return Status.OK;
        }
        try {
            batch.flush();
            return Status.OK;
        } catch (SQLException e) {
            return failed(e);
        }
    }

    /** The last failure's message (the driver's, with its SQLState, or why the store refused a call). */
    private String lastFailure;

    @Override
    public String lastFailure() {
        return lastFailure;
    }

    private static String describe(SQLException e) {
        return e.getMessage() + (e.getSQLState() != null ? " (SQLState " + e.getSQLState() + ")" : "");
    }

    /** Dooms an open unit (rolled back at once), drops a lost connection, and maps the failure. */
    private Status failed(SQLException e) {
        lastFailure = describe(e);
        boolean lost = connection.isLostAfter(e);
        if (unit != null) {
            unit.doomed = true;
            if (!lost) {
                connection.rollbackQuietly();
            }
        }
        if (lost) {
            batch.discard();
            connection.drop();
        }
        return SqlStates.statusOf(e);
    }

    /**
     * The columns a read asks for: all the configured fields, or those of {@code fields} the table
     * has (a field no record has is absent from the result, as in every store, not an SQL error);
     * null when a name is not an identifier.
     */
    private List<String> columns(Set<String> fields) {
        if (fields == null) {
            return config.fieldNames();
        }
        List<String> asked = sortedIdentifiers(fields);
        if (asked == null) {
            return null;
        }
        asked.retainAll(config.fieldNames());
        return asked;
    }

    private static List<String> writeColumns(String table, String key, Map<String, byte[]> values) {
        if (!SqlText.isIdentifier(table) || key == null || values == null || values.isEmpty()) {
            return null;
        }
        for (byte[] value : values.values()) {
            if (value == null) {
                return null;
            }
        }
        return sortedIdentifiers(values.keySet());
    }

    /** Sorted, so the same fields in any order share one prepared statement. */
    private static List<String> sortedIdentifiers(Collection<String> names) {
        if (!SqlText.areIdentifiers(names)) {
            return null;
        }
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(null);
        return sorted;
    }

    private static PreparedStatement bindInsert(PreparedStatement statement, String key, Map<String, byte[]> values,
            List<String> columns, TableLayout layout) throws SQLException {
        statement.setString(1, key);
        layout.bind(statement, 2, columns, values);
        return statement;
    }

    @Override
    public String toString() {
        return "JdbcSession[" + config + "]";
    }
}
