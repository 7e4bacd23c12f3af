package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.api.StoreConfigException;

/**
 * Reads an existing table's columns from the database's metadata, before anything is written to
 * it, and judges whether the store writes its layout: a text {@code YCSB_KEY} and, for every field
 * of the run, a text or binary column (see {@link FieldEncoding}). Other columns are left alone.
 * A table in any other layout is refused with a {@link StoreConfigException} on {@code table}
 * naming what was found and what to do.
 *
 * <p>Names are matched as the database resolves the unquoted names the store writes: PostgreSQL
 * folds them to lower case (YCSB's {@code FIELD0} is {@code field0}; a column created as
 * {@code "FIELD0"}, quoted, is another column), some databases to upper case, and databases that
 * keep mixed case (MySQL) compare column names without case.
 */
final class TableInspector {
    private static final int MAX_LISTED = 6;

    private final List<String> fields;
    private final String where;

    /**
     * @param fields the run's field columns ({@code fieldnameprefix} 0 .. {@code fieldcount}-1)
     * @param where the database, for messages (a URL with its password masked)
     */
    TableInspector(List<String> fields, String where) {
        this.fields = List.copyOf(fields);
        this.where = where;
    }

    /** How the database resolves an unquoted name. */
    private enum NameFold {
        LOWER, UPPER, NONE;

        static NameFold of(DatabaseMetaData meta) throws SQLException {
            if (meta.storesLowerCaseIdentifiers()) {
                return LOWER;
            }
            return meta.storesUpperCaseIdentifiers() ? UPPER : NONE;
        }

        String apply(String unquoted) {
            return switch (this) {
                case LOWER -> unquoted.toLowerCase(Locale.ROOT);
                case UPPER -> unquoted.toUpperCase(Locale.ROOT);
                case NONE -> unquoted;
            };
        }

        /** True when the unquoted name {@code unquoted} reaches the object stored as {@code stored}. */
        boolean reaches(String unquoted, String stored) {
            return this == NONE ? stored.equalsIgnoreCase(unquoted) : stored.equals(apply(unquoted));
        }
    }

    /** One column as the metadata describes it. */
    private record Column(String name, int sqlType, String typeName) {
        String described() {
            return name + " " + typeName;
        }
    }

    /**
     * The table's layout, or {@code null} when the connection's schema has no such table.
     *
     * @throws StoreConfigException when the table is not in a layout the store writes
     */
    TableLayout inspect(Connection connection, String table) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        NameFold fold = NameFold.of(meta);
        List<Column> columns = columns(connection, meta, fold, table);
        if (columns.isEmpty() && !exists(connection, meta, fold, table)) {
            return null;
        }
        Map<String, Column> reachable = new HashMap<>();
        for (Column column : columns) {
            // a quoted name the unquoted one does not reach ("FIELD0" on PostgreSQL) is not ours
            if (fold == NameFold.NONE || column.name().equals(fold.apply(column.name()))) {
                reachable.putIfAbsent(column.name().toLowerCase(Locale.ROOT), column);
            }
        }
        List<String> problems = new ArrayList<>();
        Column key = find(reachable, fold, SqlText.KEY_COLUMN);
        if (key == null) {
            problems.add("no " + SqlText.KEY_COLUMN + " column" + quotedOnly(columns, List.of(SqlText.KEY_COLUMN), fold));
        } else if (FieldEncoding.ofColumn(key.sqlType(), key.typeName()) != FieldEncoding.TEXT) {
            problems.add(key.described() + " (" + whyNot(key, "a text type") + ")");
        }
        List<String> missing = new ArrayList<>();
        List<String> unusable = new ArrayList<>();
        for (String field : fields) {
            Column column = find(reachable, fold, field);
            if (column == null) {
                missing.add(field);
            } else if (FieldEncoding.ofColumn(column.sqlType(), column.typeName()) == null) {
                unusable.add(column.described() + " (" + whyNot(column, "text or binary") + ")");
            }
        }
        if (!missing.isEmpty()) {
            problems.add("no column " + listed(missing) + quotedOnly(columns, missing, fold));
        }
        if (!unusable.isEmpty()) {
            problems.add(listed(unusable));
        }
        if (!problems.isEmpty()) {
            throw refusal(table, columns, problems, missing);
        }
        Map<String, FieldEncoding> encodings = new LinkedHashMap<>();
        reachable.forEach((lowerName, column) -> {
            FieldEncoding encoding = FieldEncoding.ofColumn(column.sqlType(), column.typeName());
            if (encoding != null) {
                encodings.put(lowerName, encoding);
            }
        });
        return new TableLayout(encodings, FieldEncoding.TEXT);
    }

    private static Column find(Map<String, Column> reachable, NameFold fold, String unquoted) {
        Column column = reachable.get(unquoted.toLowerCase(Locale.ROOT));
        return column != null && fold.reaches(unquoted, column.name()) ? column : null;
    }

    /** A note when a missing name exists only as a quoted one ({@code "FIELD0"}), which unquoted SQL does not reach. */
    private static String quotedOnly(List<Column> columns, List<String> missing, NameFold fold) {
        List<String> quoted = columns.stream().map(Column::name).filter(name -> fold != NameFold.NONE
                && missing.stream().anyMatch(name::equalsIgnoreCase)).map(name -> '"' + name + '"').toList();
        return quoted.isEmpty() ? "" : " (" + listed(quoted) + " only as quoted names, which the store's unquoted"
                + " SQL does not reach)";
    }

    private static String whyNot(Column column, String wanted) {
        return FieldEncoding.pads(column.sqlType(), column.typeName())
                ? "fixed width: it pads a shorter value, which would read back changed"
                : "not " + wanted;
    }

    private StoreConfigException refusal(String table, List<Column> columns, List<String> problems, List<String> missing) {
        String found = columns.isEmpty() ? "no columns"
                : "columns " + listed(columns.stream().map(Column::described).toList());
        String advice = "use another table (-p table=NAME), or drop or rename this one";
        List<String> present = fields.stream().filter(f -> !missing.contains(f)).toList();
        if (problems.size() == 1 && !missing.isEmpty() && !present.isEmpty()
                && present.equals(fields.subList(0, present.size()))) {
            // YCSB's table made with fewer fields than this run asks for
            advice = "-p fieldcount=" + present.size() + " uses the fields it has, or " + advice;
        }
        return new StoreConfigException("table", table, "in " + where + " it has " + String.join(", ", problems)
                + " (" + found + "); openmark's jdbc store reads and writes only YCSB's layout (a text "
                + SqlText.KEY_COLUMN + " and a text or binary column for each of " + fields.getFirst()
                + (fields.size() > 1 ? " .. " + fields.getLast() : "") + "), so it wrote nothing; " + advice);
    }

    private static String listed(List<String> items) {
        if (items.size() <= MAX_LISTED) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, MAX_LISTED)) + " and " + (items.size() - MAX_LISTED) + " more";
    }

    private static List<Column> columns(Connection connection, DatabaseMetaData meta, NameFold fold, String table)
            throws SQLException {
        List<Column> columns = new ArrayList<>();
        try (ResultSet rows = meta.getColumns(connection.getCatalog(), connection.getSchema(),
                pattern(meta, fold.apply(table)), "%")) {
            while (rows.next()) {
                if (fold.reaches(table, rows.getString("TABLE_NAME"))) {
                    columns.add(new Column(rows.getString("COLUMN_NAME"), rows.getInt("DATA_TYPE"),
                            rows.getString("TYPE_NAME")));
                }
            }
        }
        return columns;
    }

    /** True when the table exists without any column (PostgreSQL allows {@code CREATE TABLE t()}). */
    private static boolean exists(Connection connection, DatabaseMetaData meta, NameFold fold, String table)
            throws SQLException {
        try (ResultSet rows = meta.getTables(connection.getCatalog(), connection.getSchema(),
                pattern(meta, fold.apply(table)), null)) {
            while (rows.next()) {
                if (fold.reaches(table, rows.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The name as a metadata search pattern: '_' and '%' are wildcards there. */
    private static String pattern(DatabaseMetaData meta, String name) throws SQLException {
        String escape = meta.getSearchStringEscape();
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }
}
