package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Secrets;
import org.openmark.api.StoreConfigException;

/**
 * Table-level work, each on a short connection of its own so that it never joins a session's
 * unit of work: learning each table's layout once from the database's metadata before anything
 * is written to it ({@link TableInspector}), creating a table in YCSB's layout (if absent) before
 * the first insert into it, and asking whether a table is empty. A table in a layout the store
 * does not write is refused, for the rest of the store's life: at open for the workload's table,
 * otherwise by every call that names it.
 */
final class JdbcTables {
    private final JdbcConfig config;
    private final JdbcConnector connector;
    private final TableInspector inspector;
    private final TableLayout notCreatedYet;
    private final Map<String, TableLayout> layouts = new ConcurrentHashMap<>();
    private final Map<String, StoreConfigException> refused = new ConcurrentHashMap<>();

    JdbcTables(JdbcConfig config, JdbcConnector connector) {
        this.config = config;
        this.connector = connector;
        this.inspector = new TableInspector(config.fieldNames(), Secrets.maskInside(config.url()));
        this.notCreatedYet = TableLayout.notCreatedYet(FieldEncoding.ofTypeName(config.fieldType()));
    }

    /**
     * Checks the workload's table when the store opens, so that a table in another layout stops
     * the run before anything is written. A database that does not answer now is left to the
     * preflight (which refuses an unreachable store) and to the sessions, which check the table
     * before they write to it.
     *
     * @throws StoreConfigException when the table exists in a layout the store does not write
     */
    void checkAtOpen(String table) {
        try (Connection connection = connector.open()) {
            lookUp(connection, table);
        } catch (SQLException e) {
            // not reachable now: checked again before the first statement on the table
        }
    }

    /**
     * The table's layout for a read, scan, update or delete; for a table not there yet, the layout
     * the store would create (the statement then finds no table, as it would without the check).
     *
     * @throws StoreConfigException when the table is in a layout the store does not write
     */
    TableLayout layout(String table) throws SQLException {
        TableLayout known = known(table);
        if (known != null) {
            return known;
        }
        try (Connection connection = connector.open()) {
            TableLayout found = lookUp(connection, table);
            return found != null ? found : notCreatedYet;
        }
    }

    /**
     * The table's layout for an insert, creating the table first when it is absent and creation
     * is on. Sessions inserting concurrently wait here rather than race CREATE TABLE IF NOT EXISTS.
     *
     * @throws StoreConfigException when the table is in a layout the store does not write
     */
    TableLayout forInsert(String table) throws SQLException {
        TableLayout known = known(table);
        if (known != null) {
            return known;
        }
        synchronized (this) {
            known = known(table);
            if (known != null) {
                return known;
            }
            try (Connection connection = connector.open(); Statement statement = connection.createStatement()) {
                TableLayout found = lookUp(connection, table);
                if (found == null && config.createTable()) {
                    statement.execute(SqlText.createTable(table, config.dialect(), config.fieldNames(), config.fieldType()));
                    // whoever created it first, its layout is what the metadata says now
                    found = lookUp(connection, table);
                }
                return found != null ? found : notCreatedYet;
            }
        }
    }

    /** The remembered layout, or {@code null} when the table has not been seen yet. */
    private TableLayout known(String table) {
        StoreConfigException refusal = refused.get(table);
        if (refusal != null) {
            throw refusal;
        }
        return layouts.get(table);
    }

    private TableLayout lookUp(Connection connection, String table) throws SQLException {
        try {
            TableLayout found = inspector.inspect(connection, table);
            if (found != null) {
                layouts.put(table, found);
            }
            return found;
        } catch (StoreConfigException e) {
            refused.put(table, e);
            throw e;
        }
    }

    /** True when the table has no row or does not exist yet; false when it has rows or the database cannot be asked. */
    boolean isKnownEmpty(String table) {
        if (!SqlText.isIdentifier(table)) {
            return false;
        }
        try (Connection connection = connector.open(); Statement statement = connection.createStatement()) {
            return !statement.executeQuery(SqlText.anyRow(table)).next();
        } catch (SQLException e) {
            return SqlDialect.isMissingTable(e);
        }
    }
}
