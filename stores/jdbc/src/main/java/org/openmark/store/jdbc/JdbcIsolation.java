package org.openmark.store.jdbc;

import java.sql.Connection;
import java.util.Locale;
import org.openmark.api.StoreConfigException;

/** The transaction isolation level of every session ({@code jdbc.isolation}). */
public enum JdbcIsolation {
    READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
    REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
    SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

    private final int jdbcLevel;

    JdbcIsolation(int jdbcLevel) {
        this.jdbcLevel = jdbcLevel;
    }

    /** The {@link Connection} constant for this level. */
    public int jdbcLevel() {
        return jdbcLevel;
    }

    /** The property value naming this level, e.g. {@code read_committed}. */
    public String propertyValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a property value; the exception names the property and the allowed values. */
    static JdbcIsolation parse(String property, String value) {
        for (JdbcIsolation level : values()) {
            if (level.propertyValue().equalsIgnoreCase(value.trim())) {
                return level;
            }
        }
        throw new StoreConfigException(property, value, "must be one of read_committed, repeatable_read, serializable");
    }
}
