package org.openmark.store.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import org.openmark.api.Status;

/**
 * Maps SQL failures to statuses by SQLSTATE (standard classes, plus PostgreSQL's codes
 * where the standard has none).
 */
final class SqlStates {
    static final String SERIALIZATION_FAILURE = "40001";
    static final String DEADLOCK_DETECTED = "40P01";
    static final String QUERY_CANCELED = "57014";

    private SqlStates() {
    }

    /**
     * ABORTED for a serialization failure or deadlock (40001, 40P01, other class 40),
     * TIMEOUT for a timeout or cancelled statement, SERVICE_UNAVAILABLE for a connection
     * failure or a server shutting down, ERROR otherwise.
     */
    static Status statusOf(SQLException e) {
        String state = sqlState(e);
        if (state.startsWith("40")) {
            return Status.ABORTED;
        }
        if (e instanceof SQLTimeoutException || state.equals(QUERY_CANCELED)) {
            return Status.TIMEOUT;
        }
        if (isConnectionLost(e)) {
            return Status.SERVICE_UNAVAILABLE;
        }
        return Status.ERROR;
    }

    /** True when the connection is unusable: class 08, admin shutdown / crash (57P0x), or a connection exception type. */
    static boolean isConnectionLost(SQLException e) {
        String state = sqlState(e);
        return state.startsWith("08") || state.startsWith("57P")
                || e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException;
    }

    /** The first SQLSTATE in the exception's chain (batch failures often carry it on a chained exception), or "". */
    static String sqlState(SQLException e) {
        for (SQLException current = e; current != null; current = current.getNextException()) {
            if (current.getSQLState() != null) {
                return current.getSQLState();
            }
            if (current.getCause() instanceof SQLException cause && cause.getSQLState() != null) {
                return cause.getSQLState();
            }
        }
        return "";
    }
}
