package org.openmark.store.jdbc;

import java.sql.SQLException;
import java.util.Locale;

/**
 * What differs between databases in the few statements the binding issues: column types for
 * CREATE TABLE, whether text holds byte 0, how a restore empties a table, and how "no such
 * table" is reported. Picked from the JDBC URL.
 */
enum SqlDialect {
    /**
     * Keys compare bytewise (COLLATE "C"), like every other openmark store. TEXT fields as in
     * YCSB's create_table.sql; PostgreSQL's text cannot hold byte 0. TRUNCATE is transactional.
     */
    POSTGRESQL("VARCHAR(255) COLLATE \"C\"", "TEXT", false, "TRUNCATE TABLE"),
    /**
     * Binary collation, so keys compare bytewise and "a" and "A" are different keys. TEXT fields in
     * utf8mb4, which holds every char a byte becomes (latin1, MariaDB's default, is cp1252 and lacks
     * some of 0x80-0x9F). TRUNCATE would commit the restore's transaction half-way, so rows are
     * deleted instead.
     */
    MYSQL("VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin", "TEXT CHARACTER SET utf8mb4", true, "DELETE FROM"),
    /** CLOB: the SQL standard's text of any length. */
    OTHER("VARCHAR(255)", "CLOB", true, "DELETE FROM");

    private final String keyType;
    private final String textFieldType;
    private final boolean textHoldsNul;
    private final String clearTable;

    SqlDialect(String keyType, String textFieldType, boolean textHoldsNul, String clearTable) {
        this.keyType = keyType;
        this.textFieldType = textFieldType;
        this.textHoldsNul = textHoldsNul;
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

    /** The default type of the field columns: text, as in YCSB's layout. */
    String textFieldType() {
        return textFieldType;
    }

    /** False when a text column refuses byte 0 (PostgreSQL); the store then refuses such a value itself. */
    boolean textHoldsNul() {
        return textHoldsNul;
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
