package org.openmark.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Locale;

/**
 * How a field column holds a value's bytes, decided by the column's SQL type.
 * <ul>
 * <li>{@link #TEXT}: YCSB's layout. YCSB's JdbcDBClient binds {@code ByteIterator.toString()} with
 * {@code setString} and reads {@code getString} back through a {@code StringByteIterator}, which
 * takes each char's low byte. Written here as one char per byte (ISO-8859-1) and read back as
 * each char's low byte, so both tools read what either wrote (YCSB's values are printable
 * ASCII, where its UTF-8 {@code toString} and ISO-8859-1 agree).</li>
 * <li>{@link #BINARY}: {@code setBytes}/{@code getBytes}, every byte as it is; openmark's earlier
 * layout (BYTEA on PostgreSQL), which YCSB's binding does not read.</li>
 * </ul>
 */
enum FieldEncoding {
    TEXT {
        @Override
        void bind(PreparedStatement statement, int index, byte[] value) throws SQLException {
            statement.setString(index, new String(value, java.nio.charset.StandardCharsets.ISO_8859_1));
        }

        @Override
        byte[] read(ResultSet rows, int index) throws SQLException {
            String text = rows.getString(index);
            if (text == null) {
                return null;
            }
            // the low byte of each char, as YCSB's StringByteIterator does (not '?' for chars above 0xFF)
            byte[] bytes = new byte[text.length()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) text.charAt(i);
            }
            return bytes;
        }
    },
    BINARY {
        @Override
        void bind(PreparedStatement statement, int index, byte[] value) throws SQLException {
            statement.setBytes(index, value);
        }

        @Override
        byte[] read(ResultSet rows, int index) throws SQLException {
            return rows.getBytes(index);
        }
    };

    // Type names jdbc.fieldtype may give, by what they hold (upper case, without a length).
    private static final List<String> TEXT_TYPES = List.of("TEXT", "VARCHAR", "CHARACTER VARYING", "CHAR VARYING",
            "NVARCHAR", "NATIONAL CHARACTER VARYING", "VARCHAR2", "NVARCHAR2", "CLOB", "NCLOB",
            "CHARACTER LARGE OBJECT", "TINYTEXT", "MEDIUMTEXT", "LONGTEXT", "LONG VARCHAR", "LONGVARCHAR", "STRING");
    private static final List<String> BINARY_TYPES = List.of("BYTEA", "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB",
            "VARBINARY", "BINARY VARYING", "BINARY LARGE OBJECT", "LONG VARBINARY", "LONGVARBINARY", "BYTES", "RAW");

    /** Binds a value as parameter {@code index}. */
    abstract void bind(PreparedStatement statement, int index, byte[] value) throws SQLException;

    /** The value of column {@code index}, or {@code null} for SQL NULL. */
    abstract byte[] read(ResultSet rows, int index) throws SQLException;

    /**
     * The encoding of a column type named in {@code jdbc.fieldtype} (e.g. {@code TEXT},
     * {@code VARCHAR(1000)}, {@code BYTEA}), or {@code null} for a type that holds neither
     * (numbers, dates) or pads values to a fixed width ({@code CHAR(n)}, {@code BINARY(n)}).
     */
    static FieldEncoding ofTypeName(String typeName) {
        String base = typeName.trim().toUpperCase(Locale.ROOT).replaceAll("\\(\\d+\\)", "").replaceAll("\\s+", " ").trim();
        if (startsWithAny(base, TEXT_TYPES)) {
            return TEXT;
        }
        return startsWithAny(base, BINARY_TYPES) ? BINARY : null;
    }

    private static boolean startsWithAny(String base, List<String> names) {
        for (String name : names) {
            if (base.equals(name) || base.startsWith(name + " ")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The encoding of an existing column from its {@code java.sql.Types} code and its database
     * type name, or {@code null} when it holds neither text nor bytes of any length: fixed-width
     * {@code CHAR(n)}/{@code BINARY(n)} pad what they are given, so a shorter value would read
     * back changed. PostgreSQL's BYTEA reports {@link Types#BINARY} but is of any length.
     */
    static FieldEncoding ofColumn(int sqlType, String typeName) {
        return switch (sqlType) {
            case Types.VARCHAR, Types.LONGVARCHAR, Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB -> TEXT;
            case Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> BINARY;
            case Types.BINARY -> "bytea".equalsIgnoreCase(typeName) ? BINARY : null;
            default -> null;
        };
    }

    /** True for a fixed-width type ({@code CHAR(n)}, {@code BINARY(n)} but not BYTEA), which pads values. */
    static boolean pads(int sqlType, String typeName) {
        return sqlType == Types.CHAR || sqlType == Types.NCHAR
                || (sqlType == Types.BINARY && !"bytea".equalsIgnoreCase(typeName));
    }
}
