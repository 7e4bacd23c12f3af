package org.openmark.store.jdbc;

import java.util.Collection;
import java.util.List;

/**
 * The text of every statement the binding prepares. Table and field names are written
 * unquoted (so the database folds their case as usual); only plain identifiers are
 * accepted, which also keeps names from smuggling SQL in.
 */
final class SqlText {
    static final String KEY_COLUMN = "YCSB_KEY";
    /** The longest identifier PostgreSQL keeps whole (NAMEDATALEN - 1). */
    private static final int MAX_IDENTIFIER = 63;

    private SqlText() {
    }

    /** True for a plain SQL identifier (letter or '_', then letters, digits or '_'; at most 63). */
    static boolean isIdentifier(String name) {
        // A loop, not a regular expression: every operation checks its table and columns.
        if (name == null || name.isEmpty() || name.length() > MAX_IDENTIFIER) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
            if (!letter && (i == 0 || c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    /** True when every name is a plain identifier. */
    static boolean areIdentifiers(Collection<String> names) {
        for (String name : names) {
            if (!isIdentifier(name)) {
                return false;
            }
        }
        return true;
    }

    /** One record's key and columns by key. */
    static String read(String table, List<String> columns) {
        return "SELECT " + KEY_COLUMN + list(columns) + " FROM " + table + " WHERE " + KEY_COLUMN + " = ?";
    }

    /** Up to {@code LIMIT ?} records from key {@code ?} on, in key order. */
    static String scan(String table, List<String> columns) {
        return "SELECT " + KEY_COLUMN + list(columns) + " FROM " + table + " WHERE " + KEY_COLUMN
                + " >= ? ORDER BY " + KEY_COLUMN + " LIMIT ?";
    }

    /** A new record: the key, then the columns. */
    static String insert(String table, List<String> columns) {
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(table).append(" (").append(KEY_COLUMN)
                .append(list(columns)).append(") VALUES (?");
        sql.append(", ?".repeat(columns.size()));
        return sql.append(')').toString();
    }

    /** The columns' new values, then the key. */
    static String update(String table, List<String> columns) {
        StringBuilder sql = new StringBuilder("UPDATE ").append(table).append(" SET ");
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(columns.get(i)).append(" = ?");
        }
        return sql.append(" WHERE ").append(KEY_COLUMN).append(" = ?").toString();
    }

    /** One record by key. */
    static String delete(String table) {
        return "DELETE FROM " + table + " WHERE " + KEY_COLUMN + " = ?";
    }

    /** The YCSB-shaped table: a string key and one column per field. */
    static String createTable(String table, SqlDialect dialect, List<String> fields, String fieldType) {
        StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(table).append(" (")
                .append(KEY_COLUMN).append(' ').append(dialect.keyType()).append(" PRIMARY KEY");
        for (String field : fields) {
            sql.append(", ").append(field).append(' ').append(fieldType);
        }
        return sql.append(')').toString();
    }

    /** A row of the table, if it has any. */
    static String anyRow(String table) {
        return "SELECT 1 FROM " + table + " LIMIT 1";
    }

    /** An image: a new table holding a copy of every row of {@code table}. */
    static String copyTable(String table, String image) {
        return "CREATE TABLE " + image + " AS SELECT * FROM " + table;
    }

    /** Every row of an image back into its table (same columns in the same order: the image was made from it). */
    static String copyBack(String image, String table) {
        return "INSERT INTO " + table + " SELECT * FROM " + image;
    }

    /** Removes every row, inside the restore's transaction (see {@link SqlDialect#clearTable}). */
    static String clearTable(String table, SqlDialect dialect) {
        return dialect.clearTable() + " " + table;
    }

    /** Drops an image table. */
    static String dropTable(String table) {
        return "DROP TABLE IF EXISTS " + table;
    }

    /** ", a, b" for columns a and b: they follow the key column. */
    private static String list(List<String> columns) {
        StringBuilder text = new StringBuilder();
        for (String column : columns) {
            text.append(", ").append(column);
        }
        return text.toString();
    }
}
