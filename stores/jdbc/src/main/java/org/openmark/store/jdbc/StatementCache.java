package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One connection's prepared statements by SQL text, least recently used evicted past a
 * bound (field subsets can make many distinct statements).
 */
final class StatementCache {
    static final int MAX_STATEMENTS = 256;

    private final int queryTimeoutSeconds;
    private final Map<String, PreparedStatement> statements = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
            if (size() <= MAX_STATEMENTS) {
                return false;
            }
            closeQuietly(eldest.getValue());
            return true;
        }
    };

    StatementCache(int queryTimeoutSeconds) {
        this.queryTimeoutSeconds = queryTimeoutSeconds;
    }

    /** The statement for this SQL on this connection, prepared on first use. */
    PreparedStatement get(Connection connection, String sql) throws SQLException {
        PreparedStatement statement = statements.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            if (queryTimeoutSeconds > 0) {
                statement.setQueryTimeout(queryTimeoutSeconds);
            }
            statements.put(sql, statement);
        }
        return statement;
    }

    /** Closes every statement (before their connection goes). */
    void clear() {
        statements.values().forEach(StatementCache::closeQuietly);
        statements.clear();
    }

    private static void closeQuietly(PreparedStatement statement) {
        try {
            statement.close();
        } catch (SQLException ignored) {
            // the statement is being discarded; nothing depends on a clean close
        }
    }
}
