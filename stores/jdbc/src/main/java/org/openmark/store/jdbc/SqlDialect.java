package org.openmark.store.jdbc;

import java.sql.SQLException;
import java.util.Locale;

/**
 * What differs between databases in the few statements the binding issues: column types for
 * CREATE TABLE, how a restore empties a table, and how "no such table" is reported. Picked
 * from the JDBC URL.
 */
enum SqlDialect {
    /** Keys compare bytewise (COLLATE "C"), like every other openmark store. TRUNCATE is transactional. */
    POSTGRESQL("VARCHAR(255) COLLATE \"C\"", "BYTEA", "TRUNCATE TABLE"),
    /**
     * Binary collation, so keys compare bytewise and "a" and "A" are different keys. TRUNCATE
     * would commit the restore's transaction half-way, so rows are deleted instead.
     */
    MYSQL("VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "LONGBLOB", "DELETE FROM"),
    OTHER("VARCHAR(255)", "BLOB", "DELETE FROM");

    private final String keyType;
    private final String fieldType;
    private final String clearTable;

    SqlDialect(String keyType, String fieldType, String clearTable) {
        this.keyType = keyType;
        this.fieldType = fieldType;
        this.clearTable = clearTable;
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

    /** The statement, before the table name, that removes every row inside a transaction. */
    String clearTable() {
        return clearTable;
    }

    /** True when the failure says the table does not exist (42P01 PostgreSQL, 42S02 MySQL/SQL standard). */
    static boolean isMissingTable(SQLException e) {
        String state = SqlStates.sqlState(e);
        return state.equals("42P01") || state.equals("42S02");
    }
}
