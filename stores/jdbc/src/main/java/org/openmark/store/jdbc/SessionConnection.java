package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A session's connection: opened on first use, switched between autocommit (outside a unit
 * of work) and an explicit transaction (inside one), holding its prepared statements, and
 * dropped after it is lost so that the next call reconnects.
 */
final class SessionConnection {
    private final JdbcConnector connector;
    private final StatementCache statements;
    private Connection connection;
    /** The connection's autocommit mode, tracked to avoid asking the driver on every call. */
    private boolean autoCommit = true;

    SessionConnection(JdbcConnector connector, int queryTimeoutSeconds) {
        this.connector = connector;
        this.statements = new StatementCache(queryTimeoutSeconds);
    }

    /**
     * The prepared statement for this SQL, on a connection opened if needed and put in the
     * mode asked for: {@code inTransaction} switches autocommit off, so the statement joins
     * (or begins) the unit's transaction.
     */
    PreparedStatement prepare(String sql, boolean inTransaction) throws SQLException {
        if (connection == null) {
            connection = connector.open();
            autoCommit = true;
        }
        if (autoCommit == inTransaction) {
            connection.setAutoCommit(!inTransaction);
            autoCommit = !inTransaction;
        }
        return statements.get(connection, sql);
    }

    /** True when a transaction may be open: a statement ran since autocommit went off. */
    boolean inTransaction() {
        return connection != null && !autoCommit;
    }

    /** Commits the open transaction. */
    void commit() throws SQLException {
        connection.commit();
    }

    /** Rolls back the open transaction; a connection that cannot even do that is dropped. */
    void rollbackQuietly() {
        if (connection == null) {
            return;
        }
        try {
            connection.rollback();
        } catch (SQLException e) {
            drop();
        }
    }

    /** Switches autocommit back on after a unit of work. */
    void endTransaction() {
        if (connection != null && !autoCommit) {
            try {
                connection.setAutoCommit(true);
                autoCommit = true;
            } catch (SQLException e) {
                drop();
            }
        }
    }

    /** True when the failure left the connection unusable. */
    boolean isLostAfter(SQLException failure) {
        if (SqlStates.isConnectionLost(failure)) {
            return true;
        }
        try {
            return connection != null && connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** Closes the statements and the connection; the next {@link #prepare} reconnects. */
    void drop() {
        statements.clear();
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the connection is being discarded; closing it is a courtesy to the server
            }
        }
        connection = null;
        autoCommit = true;
    }
}
