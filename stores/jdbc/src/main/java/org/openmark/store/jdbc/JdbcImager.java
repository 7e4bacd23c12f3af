package org.openmark.store.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.openmark.api.Secrets;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;

/**
 * Saves, restores and drops {@link JdbcImage}s, each on a connection of its own. The store's
 * tables are the tables of the connection's current schema in the layout it writes (a text
 * {@code YCSB_KEY} and the run's field columns, see {@link TableInspector}), wherever they came
 * from; tables in another layout are neither copied nor emptied, and image copies are
 * recognised by their name and left out.
 *
 * <p>Save: in one transaction, {@code CREATE TABLE <t>__image_<n> AS SELECT * FROM <t>} for
 * every table. Restore: in one transaction, empty every table (TRUNCATE on PostgreSQL, DELETE
 * elsewhere) and {@code INSERT INTO <t> SELECT * FROM <t>__image_<n>}; tables created after the
 * save are emptied too. A restore waits for locks that open transactions hold on the tables.
 */
final class JdbcImager {
    /** PostgreSQL's identifier limit (longer names are cut, silently). */
    static final int MAX_IDENTIFIER_LENGTH = 63;
    private static final Pattern IMAGE_NAME = Pattern.compile("(?i).*__image_\\d+(_\\d+)?");

    private final JdbcConfig config;
    private final JdbcConnector connector;
    private final TableInspector inspector;

    JdbcImager(JdbcConfig config, JdbcConnector connector) {
        this.config = config;
        this.connector = connector;
        this.inspector = new TableInspector(config.fieldNames(), Secrets.maskInside(config.url()));
    }

    /** Copies every table of the store, with the first image number from {@code firstNumber} on that names no existing table. */
    JdbcImage save(int firstNumber, Consumer<JdbcImage> onDropped) {
        Map<String, String> copies = new LinkedHashMap<>();
        try (Connection connection = connector.open()) {
            try {
                snapshotIsolation(connection);
                connection.setAutoCommit(false);
                Set<String> existing = new HashSet<>();
                Set<String> tables = storeTables(connection, existing);
                int number = freeNumber(tables, existing, firstNumber);
                int index = 0;
                for (String table : tables) {
                    copies.put(table, copyName(table, number, index++));
                }
                try (Statement statement = statement(connection)) {
                    for (Map.Entry<String, String> copy : copies.entrySet()) {
                        statement.execute(SqlText.copyTable(copy.getKey(), copy.getValue()));
                    }
                }
                connection.commit();
            } catch (SQLException e) {
                connection.rollback();
                // databases whose DDL commits at once (MySQL) keep the copies already made
                drop(connection, copies.values());
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("saving an image of " + config + " failed: " + e.getMessage(), e);
        }
        return new JdbcImage(copies, image -> {
            drop(image);
            onDropped.accept(image);
        });
    }

    /** Replaces the content of every table with the image's, in one transaction. */
    void restore(JdbcImage image) {
        Map<String, String> copies = image.copies();
        try (Connection connection = connector.open()) {
            connection.setAutoCommit(false);
            try (Statement statement = statement(connection)) {
                Set<String> saved = new HashSet<>();
                for (Map.Entry<String, String> copy : copies.entrySet()) {
                    statement.execute(SqlText.clearTable(copy.getKey(), config.dialect()));
                    statement.execute(SqlText.copyBack(copy.getValue(), copy.getKey()));
                    saved.add(copy.getKey().toLowerCase(Locale.ROOT));
                }
                for (String table : storeTables(connection, new HashSet<>())) {
                    if (!saved.contains(table.toLowerCase(Locale.ROOT))) {
                        statement.execute(SqlText.clearTable(table, config.dialect())); // created after the save
                    }
                }
                connection.commit();
            } catch (SQLException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("restoring " + image.describe() + " into " + config + " failed (nothing changed): "
                    + e.getMessage(), e);
        }
    }

    private void drop(JdbcImage image) {
        try (Connection connection = connector.open()) {
            drop(connection, image.copyNames());
        } catch (SQLException e) {
            throw new StoreException("dropping " + image.describe() + " in " + config + " failed; drop them by hand: "
                    + e.getMessage(), e);
        }
    }

    private void drop(Connection connection, Iterable<String> copyNames) throws SQLException {
        connection.setAutoCommit(true);
        try (Statement statement = statement(connection)) {
            for (String copy : copyNames) {
                statement.execute(SqlText.dropTable(copy));
            }
        }
    }

    private Statement statement(Connection connection) throws SQLException {
        Statement statement = connection.createStatement();
        if (config.queryTimeoutSeconds() > 0) {
            statement.setQueryTimeout(config.queryTimeoutSeconds());
        }
        return statement;
    }

    /** Makes the save's copies one consistent snapshot across tables, where the database allows. */
    private static void snapshotIsolation(Connection connection) {
        try {
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        } catch (SQLException e) {
            // keep the configured level: tables are then copied at slightly different moments
        }
    }

    /**
     * The store's tables (plain identifiers in the layout the store writes, not image copies),
     * sorted; every table name of the schema goes into {@code allLowerCase}.
     */
    private Set<String> storeTables(Connection connection, Set<String> allLowerCase) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String catalog = connection.getCatalog();
        String schema = connection.getSchema();
        Set<String> plainTables = new HashSet<>();
        try (ResultSet rows = meta.getTables(catalog, schema, "%", new String[] {"TABLE"})) {
            while (rows.next()) {
                String name = rows.getString("TABLE_NAME");
                allLowerCase.add(name.toLowerCase(Locale.ROOT));
                plainTables.add(name);
            }
        }
        Set<String> tables = new TreeSet<>();
        try (ResultSet rows = meta.getColumns(catalog, schema, "%", "%")) {
            while (rows.next()) {
                String table = rows.getString("TABLE_NAME");
                if (rows.getString("COLUMN_NAME").equalsIgnoreCase(SqlText.KEY_COLUMN) && plainTables.contains(table)
                        && SqlText.isIdentifier(table) && !IMAGE_NAME.matcher(table).matches()) {
                    tables.add(table);
                }
            }
        }
        Set<String> inStoreLayout = new TreeSet<>();
        for (String table : tables) {
            try {
                if (inspector.inspect(connection, table) != null) {
                    inStoreLayout.add(table);
                }
            } catch (StoreConfigException e) {
                // not the store's: a save leaves it out and a restore leaves it alone
            }
        }
        return inStoreLayout;
    }

    private static int freeNumber(Set<String> tables, Set<String> existingLowerCase, int firstNumber) {
        for (int number = firstNumber;; number++) {
            int index = 0;
            boolean free = true;
            for (String table : tables) {
                free &= !existingLowerCase.contains(copyName(table, number, index++).toLowerCase(Locale.ROOT));
            }
            if (free) {
                return number;
            }
        }
    }

    /** {@code <table>__image_<n>}, or when too long a cut table name with the table's index added. */
    static String copyName(String table, int number, int index) {
        String name = table + "__image_" + number;
        if (name.length() <= MAX_IDENTIFIER_LENGTH) {
            return name;
        }
        String suffix = "__image_" + number + "_" + index;
        return table.substring(0, MAX_IDENTIFIER_LENGTH - suffix.length()) + suffix;
    }
}
