package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openmark.api.Status;

/**
 * Table-level work, each on a short connection of its own so that it never joins a
 * session's unit of work: creating a table (if absent) once per store before the first
 * insert into it, and asking whether a table is empty.
 */
final class JdbcTables {
    private final JdbcConfig config;
    private final JdbcConnector connector;
    private final Set<String> ensured = ConcurrentHashMap.newKeySet();

    JdbcTables(JdbcConfig config, JdbcConnector connector) {
        this.config = config;
        this.connector = connector;
    }

    /** OK once the table exists (or creation is off); otherwise the failure's status, and a later call retries. */
    Status ensure(String table) {
        if (!config.createTable() || ensured.contains(table)) {
            return Status.OK;
        }
        synchronized (this) {
            if (ensured.contains(table)) {
                return Status.OK;
            }
            // sessions inserting concurrently wait here rather than race CREATE TABLE IF NOT EXISTS
            try (Connection connection = connector.open(); Statement statement = connection.createStatement()) {
                statement.execute(SqlText.createTable(table, config.dialect(), config.fieldNames(), config.fieldType()));
                ensured.add(table);
                return Status.OK;
            } catch (SQLException e) {
                return SqlStates.statusOf(e);
            }
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
