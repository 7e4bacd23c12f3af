package org.openmark.store.jdbc;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openmark.api.Secrets;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The jdbc store's settings, validated once from the run's properties. All defaults live
 * here. {@link #toString()} shows the URL with passwords masked and never the password.
 *
 * @param url the JDBC URL
 * @param user the user, or {@code null} to let the driver decide
 * @param password the password, or {@code null} for none
 * @param isolation every session's isolation level
 * @param batchSize inserts outside a unit of work are sent in batches of this many (1: one by one)
 * @param createTable whether a table is created (if absent) before the first insert into it
 * @param fieldNames the record's fields ({@code fieldnameprefix} + 0 .. {@code fieldcount}-1): the
 *        columns read when all fields are asked for, and created by {@code createTable}
 * @param fieldType the SQL type of the field columns {@code createTable} creates: a text type
 *        (YCSB's layout, the default) or a binary one
 * @param queryTimeoutSeconds each statement's timeout (0: none)
 * @param fetchSize the rows a scan asks the driver to fetch at a time (0: the driver's default)
 * @param table the workload's table ({@code table}), whose layout is checked when the store opens
 * @param dialect what differs between databases, from the URL
 * @param connections the most connections the open model's sessions hold at once: it keeps no more
 *        operations in flight ({@link JdbcStore#maxOutstandingRequests()}), so a stall makes operations
 *        wait for a connection instead of opening more than the database accepts
 */
public record JdbcConfig(String url, String user, String password, JdbcIsolation isolation, int batchSize,
        boolean createTable, List<String> fieldNames, String fieldType, int queryTimeoutSeconds, int fetchSize,
        String table, SqlDialect dialect, int connections) {
    public static final String URL = "jdbc.url";
    public static final String USER = "jdbc.user";
    public static final String PASSWORD = "jdbc.password";
    public static final String ISOLATION = "jdbc.isolation";
    public static final String BATCH_SIZE = "jdbc.batchsize";
    public static final String CREATE_TABLE = "jdbc.createtable";
    public static final String FIELD_TYPE = "jdbc.fieldtype";
    public static final String QUERY_TIMEOUT = "jdbc.querytimeout";
    public static final String FETCH_SIZE = YcsbJdbcNames.FETCH_SIZE;
    public static final String CONNECTIONS = "jdbc.connections";
    /** Workload properties the store also reads (YCSB's names). */
    public static final String FIELD_COUNT = "fieldcount";
    public static final String FIELD_NAME_PREFIX = "fieldnameprefix";
    public static final String TABLE = "table";
    /** Every store property the store reads: openmark's names and YCSB's JdbcDBClient's. */
    public static final Set<String> PROPERTY_NAMES = union(Set.of(URL, USER, PASSWORD, ISOLATION, BATCH_SIZE,
            CREATE_TABLE, FIELD_TYPE, QUERY_TIMEOUT, CONNECTIONS), YcsbJdbcNames.NAMES);

    public static final JdbcIsolation DEFAULT_ISOLATION = JdbcIsolation.READ_COMMITTED;
    public static final int DEFAULT_BATCH_SIZE = 1;
    public static final boolean DEFAULT_CREATE_TABLE = true;
    public static final int DEFAULT_FIELD_COUNT = 10;
    public static final String DEFAULT_FIELD_NAME_PREFIX = "field";
    public static final String DEFAULT_TABLE = "usertable";
    /** Below PostgreSQL's default max_connections (100, 3 of them reserved for superusers). */
    public static final int DEFAULT_CONNECTIONS = 64;

    public JdbcConfig {
        fieldNames = List.copyOf(fieldNames);
    }

    /** Validates and resolves the properties; the exception names the offending property. */
    public static JdbcConfig from(StoreProperties properties) {
        YcsbJdbcNames.checkSingleUrl(properties);
        String url = YcsbJdbcNames.either(properties, URL, YcsbJdbcNames.URL, false);
        if (url == null) {
            throw new StoreConfigException(URL, properties.contains(URL) ? properties.get(URL) : "(unset)",
                    "required (or YCSB's db.url), e.g. jdbc:postgresql://127.0.0.1:5432/openmark"
                            + " (bin/openmark-services start postgres prints one)");
        }
        YcsbJdbcNames.loadDriver(properties);
        checkDriver(url);
        YcsbJdbcNames.checkAutoCommit(properties);
        String isolation = properties.get(ISOLATION);
        int batchSize = batchSize(properties);
        int queryTimeoutSeconds = properties.getInt(QUERY_TIMEOUT, 0);
        if (queryTimeoutSeconds < 0) {
            throw new StoreConfigException(QUERY_TIMEOUT, properties.get(QUERY_TIMEOUT), "must be a number of seconds >= 0 (0: none)");
        }
        // YCSB's binding hints a fetch size only when it is > 0; so does openmark
        int fetchSize = Math.max(0, properties.getInt(FETCH_SIZE, 0));
        SqlDialect dialect = SqlDialect.of(url);
        String fieldType = properties.get(FIELD_TYPE, dialect.textFieldType()).trim();
        if (!fieldType.matches("[A-Za-z][A-Za-z0-9_ ]*(\\(\\d+\\))?") || FieldEncoding.ofTypeName(fieldType) == null) {
            throw new StoreConfigException(FIELD_TYPE, fieldType, "must be a SQL text type such as TEXT, VARCHAR(1000)"
                    + " or CLOB (YCSB's layout), or a binary one such as BYTEA, BLOB or VARBINARY(1000)");
        }
        String table = properties.get(TABLE, DEFAULT_TABLE).trim();
        if (!SqlText.isIdentifier(table)) {
            throw new StoreConfigException(TABLE, table, "the jdbc store needs a plain SQL identifier:"
                    + " a letter or '_', then letters, digits or '_' (at most 63)");
        }
        int connections = properties.getInt(CONNECTIONS, DEFAULT_CONNECTIONS);
        if (connections < 1) {
            throw new StoreConfigException(CONNECTIONS, properties.get(CONNECTIONS), "must be a number of connections >= 1");
        }
        return new JdbcConfig(url, YcsbJdbcNames.either(properties, USER, YcsbJdbcNames.USER, false),
                YcsbJdbcNames.either(properties, PASSWORD, YcsbJdbcNames.PASSWORD, true),
                isolation == null ? DEFAULT_ISOLATION : JdbcIsolation.parse(ISOLATION, isolation),
                batchSize, properties.getBoolean(CREATE_TABLE, DEFAULT_CREATE_TABLE), fieldNames(properties),
                fieldType, queryTimeoutSeconds, fetchSize, table, dialect, connections);
    }

    /** {@code jdbc.batchsize}, or the batch YCSB's {@code db.batchsize} with {@code jdbc.batchupdateapi} asks for. */
    private static int batchSize(StoreProperties properties) {
        Integer ycsbs = YcsbJdbcNames.batchSize(properties);
        if (!properties.contains(BATCH_SIZE)) {
            return ycsbs == null ? DEFAULT_BATCH_SIZE : ycsbs;
        }
        int batchSize = properties.getInt(BATCH_SIZE, DEFAULT_BATCH_SIZE);
        if (batchSize < 1) {
            throw new StoreConfigException(BATCH_SIZE, properties.get(BATCH_SIZE), "must be >= 1 (1: no batching)");
        }
        if (ycsbs != null && ycsbs != batchSize) {
            throw new StoreConfigException(YcsbJdbcNames.BATCH_SIZE, ycsbs.toString(), "with "
                    + YcsbJdbcNames.BATCH_UPDATE_API + "=true differs from " + BATCH_SIZE + "=" + batchSize
                    + " (YCSB's names for it); give one of them");
        }
        return batchSize;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    private static void checkDriver(String url) {
        try {
            DriverManager.getDriver(url);
        } catch (SQLException e) {
            throw new StoreConfigException(URL, Secrets.maskInside(url),
                    "no JDBC driver on the classpath accepts this URL (PostgreSQL's driver is included; "
                            + "for another database put its driver jar on the classpath)");
        }
    }

    private static List<String> fieldNames(StoreProperties properties) {
        int count = properties.getInt(FIELD_COUNT, DEFAULT_FIELD_COUNT);
        if (count < 1) {
            throw new StoreConfigException(FIELD_COUNT, properties.get(FIELD_COUNT), "must be >= 1");
        }
        String prefix = properties.get(FIELD_NAME_PREFIX, DEFAULT_FIELD_NAME_PREFIX);
        if (!SqlText.isIdentifier(prefix + "0")) {
            throw new StoreConfigException(FIELD_NAME_PREFIX, prefix,
                    "must make SQL column names: a letter or '_', then letters, digits or '_'");
        }
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
        }
        return names;
    }

    @Override
    public String toString() {
        return "jdbc " + Secrets.maskInside(url)
                + (user == null ? "" : " user=" + user)
                + (password == null ? "" : " password=" + Secrets.MASK)
                + " isolation=" + isolation.propertyValue() + " batchsize=" + batchSize
                + " createtable=" + createTable + " fields=" + fieldNames.size() + " " + fieldType
                + (queryTimeoutSeconds == 0 ? "" : " querytimeout=" + queryTimeoutSeconds + "s")
                + (fetchSize == 0 ? "" : " fetchsize=" + fetchSize) + " table=" + table + " connections=" + connections;
    }
}
