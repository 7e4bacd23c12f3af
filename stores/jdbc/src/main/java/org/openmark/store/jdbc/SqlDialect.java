package org.openmark.store.jdbc;

import java.sql.SQLException;
import java.util.Locale;

/**
 * What differs between databases in the few statements the binding issues: column types for
 * CREATE TABLE and how "no such table" is reported. Picked from the JDBC URL.
 */
enum SqlDialect {
    /** Keys compare bytewise (COLLATE "C"), like every other openmark store. */
    POSTGRESQL("VARCHAR(255) COLLATE \"C\"", "BYTEA"),
    /** Binary collation, so keys compare bytewise and "a" and "A" are different keys. */
    MYSQL("VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "LONGBLOB"),
    OTHER("VARCHAR(255)", "BLOB");

    private final String keyType;
    private final String fieldType;

    SqlDialect(String keyType, String fieldType) {
        this.keyType = keyType;
        this.fieldType = fieldType;
    }

    /** The dialect of a JDBC URL. */
    static SqlDialect of(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        if (lower.startsWith("jdbc:mysql:") || lower.startsWith("jdbc:mariadb:")) {
            return MYSQL;
        }
        return OTHER;
    }

    /** The key column's type. */
    String keyType() {
        return keyType;
    }

    /** The default type of the field columns. */
    String fieldType() {
        return fieldType;
    }

    /** True when the failure says the table does not exist (42P01 PostgreSQL, 42S02 MySQL/SQL standard). */
    static boolean isMissingTable(SQLException e) {
        String state = SqlStates.sqlState(e);
        return state.equals("42P01") || state.equals("42S02");
    }
}
