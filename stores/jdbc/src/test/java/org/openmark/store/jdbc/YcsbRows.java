package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records as YCSB makes them, written and read with plain JDBC the way its JdbcDBClient does, so the
 * tests need neither YCSB nor openmark's own code to produce or check YCSB's layout:
 * <ul>
 * <li>keys: {@code "user"} and the 64-bit FNV-1a hash of the record number, made non-negative
 * (YCSB's default hashed inserts, no zero padding);</li>
 * <li>values with {@code dataintegrity=true}: {@code key:field}, then {@code ':'} and the
 * {@code String.hashCode} of the text so far, until it reaches the field length, cut there;</li>
 * <li>the table of YCSB's {@code create_table.sql}: {@code YCSB_KEY VARCHAR PRIMARY KEY} and
 * {@code FIELDn VARCHAR};</li>
 * <li>an insert binds each value with {@code setString}; a read is {@code SELECT *} by key and
 * {@code getString} of each field asked for.</li>
 * </ul>
 */
final class YcsbRows {
    private static final long FNV_OFFSET_BASIS = 0xCBF29CE484222325L;
    private static final long FNV_PRIME = 1099511628211L;

    private YcsbRows() {
    }

    /** The key of record {@code number}. */
    static String key(long number) {
        long hash = FNV_OFFSET_BASIS;
        long rest = number;
        for (int octet = 0; octet < 8; octet++) {
            hash ^= rest & 0xFF;
            rest >>= 8;
            hash *= FNV_PRIME;
        }
        return "user" + Math.abs(hash);
    }

    /** The value of {@code field} in record {@code key}, {@code length} chars long. */
    static String value(String key, String field, int length) {
        StringBuilder text = new StringBuilder(key).append(':').append(field);
        while (text.length() < length) {
            text.append(':').append(text.toString().hashCode());
        }
        text.setLength(length);
        return text.toString();
    }

    /** Every field of a record with data integrity, in a hash map's order as YCSB's are. */
    static Map<String, String> record(String key, int fieldCount, int length) {
        Map<String, String> values = new HashMap<>();
        for (int f = 0; f < fieldCount; f++) {
            values.put("field" + f, value(key, "field" + f, length));
        }
        return values;
    }

    /** YCSB's create_table.sql with {@code fieldCount} fields. */
    static void createTable(Connection connection, String table, int fieldCount) throws SQLException {
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(table).append("(YCSB_KEY VARCHAR PRIMARY KEY");
        for (int f = 0; f < fieldCount; f++) {
            sql.append(", FIELD").append(f).append(" VARCHAR");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql.append(')').toString());
        }
    }

    /** Inserts the records numbered 0 .. count-1, each as JdbcDBClient's insert does. */
    static void load(Connection connection, String table, int count, int fieldCount, int length) throws SQLException {
        List<String> fields = List.copyOf(record("k", fieldCount, length).keySet());
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(table).append(" (YCSB_KEY,")
                .append(String.join(",", fields)).append(") VALUES(?").append(",?".repeat(fields.size())).append(')');
        try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < count; i++) {
                String key = key(i);
                insert.setString(1, key);
                for (int f = 0; f < fields.size(); f++) {
                    insert.setString(f + 2, value(key, fields.get(f), length));
                }
                if (insert.executeUpdate() != 1) {
                    throw new IllegalStateException("insert of " + key + " changed no row");
                }
            }
        }
    }

    /** The fields of one record as JdbcDBClient's read returns them, or {@code null} when there is no such record. */
    static Map<String, String> read(Connection connection, String table, String key, int fieldCount) throws SQLException {
        try (PreparedStatement read = connection.prepareStatement("SELECT * FROM " + table + " WHERE YCSB_KEY = ?")) {
            read.setString(1, key);
            try (ResultSet row = read.executeQuery()) {
                if (!row.next()) {
                    return null;
                }
                Map<String, String> fields = new LinkedHashMap<>();
                for (int f = 0; f < fieldCount; f++) {
                    fields.put("field" + f, row.getString("field" + f));
                }
                return fields;
            }
        }
    }

    /**
     * The keys among records 0 .. count-1 whose fields do not read back, as YCSB's verification
     * compares them ({@code toString()} of each value against the expected text).
     */
    static List<String> mismatches(Connection connection, String table, int count, int fieldCount, int length)
            throws SQLException {
        List<String> wrong = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            String key = key(i);
            Map<String, String> read = read(connection, table, key, fieldCount);
            if (read == null || !new HashMap<>(read).equals(record(key, fieldCount, length))) {
                wrong.add(key + "=" + read);
            }
        }
        return wrong;
    }
}
