package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** Opens connections with the configured credentials and isolation level, autocommit on. */
final class JdbcConnector {
    private final JdbcConfig config;

    JdbcConnector(JdbcConfig config) {
        this.config = config;
    }

    /** A new connection; the caller closes it. */
    Connection open() throws SQLException {
        Properties credentials = new Properties();
        if (config.user() != null) {
            credentials.setProperty("user", config.user());
        }
        if (config.password() != null) {
            credentials.setProperty("password", config.password());
        }
        Connection connection = DriverManager.getConnection(config.url(), credentials);
        try {
            connection.setTransactionIsolation(config.isolation().jdbcLevel());
            connection.setAutoCommit(true);
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }
}
