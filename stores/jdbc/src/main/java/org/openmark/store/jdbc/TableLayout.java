package org.openmark.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How one table holds field values: the encoding of each of its text and binary columns (by
 * lower-case name: names are written unquoted, so the database matches them without case), and
 * the encoding of a column it does not have (the one the store creates; a statement naming a
 * missing column fails in the database anyway). Immutable.
 *
 * @param columns each usable column's encoding, by lower-case name
 * @param absent the encoding of a column not in {@code columns}
 */
record TableLayout(Map<String, FieldEncoding> columns, FieldEncoding absent) {

    TableLayout {
        columns = Map.copyOf(columns);
    }

    /** The layout of a table not there yet: every column in the encoding the store creates. */
    static TableLayout notCreatedYet(FieldEncoding created) {
        return new TableLayout(Map.of(), created);
    }

    /** The encoding of a column. */
    FieldEncoding encodingOf(String column) {
        FieldEncoding encoding = columns.get(column.toLowerCase(Locale.ROOT));
        return encoding == null ? absent : encoding;
    }

    /**
     * The first of {@code columns} whose value holds byte 0 in a text column, or {@code null}:
     * for a database whose text cannot hold it (PostgreSQL), such a write is refused before it is
     * sent. A column the table does not have is left to the database to refuse.
     */
    String firstNulInText(List<String> columnNames, Map<String, byte[]> values) {
        for (String column : columnNames) {
            FieldEncoding known = columns.get(column.toLowerCase(Locale.ROOT));
            if (known == FieldEncoding.TEXT && holdsNul(values.get(column))) {
                return column;
            }
        }
        return null;
    }

    private static boolean holdsNul(byte[] value) {
        for (byte b : value) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }

    /** Binds the values of {@code columnNames}, in order, as parameters from {@code firstIndex} on. */
    void bind(PreparedStatement statement, int firstIndex, List<String> columnNames, Map<String, byte[]> values)
            throws SQLException {
        for (int i = 0; i < columnNames.size(); i++) {
            String column = columnNames.get(i);
            encodingOf(column).bind(statement, firstIndex + i, values.get(column));
        }
    }

    /** Reads the columns after the key (position 1), skipping SQL NULLs: a field never written is absent. */
    void put(ResultSet rows, List<String> columnNames, Map<String, byte[]> result) throws SQLException {
        for (int i = 0; i < columnNames.size(); i++) {
            String column = columnNames.get(i);
            byte[] value = encodingOf(column).read(rows, i + 2);
            if (value != null) {
                result.put(column, value);
            }
        }
    }
}
