package org.openmark.store.jdbc;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ServicesFixture;

/**
 * The table layout against a real PostgreSQL server, seen from outside with plain JDBC: the columns
 * the store creates, values as YCSB's JdbcDBClient writes and reads them (setString/getString, one
 * char per byte), openmark's earlier binary layout still read and written byte for byte, and a table
 * in any other layout refused before anything is written to it.
 */
@Tag("integration")
class JdbcLayoutTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private static String newTable() {
        return "layout" + TABLES.incrementAndGet();
    }

    private static Connection connect() throws SQLException {
        StoreProperties p = SERVER.properties();
        return DriverManager.getConnection(p.get("jdbc.url"), p.get("jdbc.user"), p.get("jdbc.password"));
    }

    private static void sql(String... statements) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** Column name and type of every column, then every row (ordered), then every table of the schema. */
    private static List<String> snapshot(String table) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT column_name, data_type FROM information_schema.columns"
                    + " WHERE table_name = '" + table + "' ORDER BY ordinal_position")) {
                while (rows.next()) {
                    seen.add(rows.getString(1) + " " + rows.getString(2));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT * FROM " + table + " ORDER BY 1")) {
                while (rows.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
                        row.append(rows.getString(i)).append('|');
                    }
                    seen.add(row.toString());
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                    + " ORDER BY 1")) {
                while (rows.next()) {
                    seen.add("table " + rows.getString(1));
                }
            }
        }
        return seen;
    }

    @Test
    void createTable_ycsbLayout_textFieldsAndVarcharKey() throws SQLException {
        String table = newTable();
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=3"));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert(table, "user1", Map.of("field0", "v".getBytes(ISO_8859_1))));
        }

        assertEquals(List.of("ycsb_key character varying", "field0 text", "field1 text", "field2 text"),
                snapshot(table).subList(0, 4));
    }

    @Test
    void insert_everyByteButNul_plainGetStringSeesOneCharPerByte() throws SQLException {
        String table = newTable();
        byte[] every = new byte[255];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) (i + 1);
        }
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=1"));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert(table, "user1", Map.of("field0", every)));
        }

        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT * FROM " + table + " WHERE YCSB_KEY = 'user1'")) {
            row.next();
            String text = row.getString("field0");
            assertEquals(255, text.length());
            for (int i = 0; i < text.length(); i++) {
                assertEquals(i + 1, text.charAt(i), "char " + i);
            }
        }
    }

    @Test
    void read_ycsbTableWrittenWithSetString_eachCharsLowByteAsStringByteIterator() throws SQLException {
        String table = newTable();
        sql("CREATE TABLE " + table + " (YCSB_KEY VARCHAR PRIMARY KEY, FIELD0 VARCHAR, FIELD1 TEXT)");
        String ascii = "user1:field0:-1254876234:1980123";
        String wide = "caf\u00e9 \u20ac"; // YCSB's StringByteIterator keeps the low byte of each char: 0xE9, 0xAC
        try (Connection connection = connect();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table
                        + " (YCSB_KEY,field0,field1) VALUES(?,?,?)")) {
            insert.setString(1, "user1");
            insert.setString(2, ascii);
            insert.setString(3, wide);
            insert.executeUpdate();
        }
        Map<String, byte[]> read = new HashMap<>();
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=2", "table=" + table));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.read(table, "user1", null, read));
        }

        assertArrayEquals(ascii.getBytes(ISO_8859_1), read.get("field0"));
        assertArrayEquals(new byte[] {'c', 'a', 'f', (byte) 0xE9, ' ', (byte) 0xAC}, read.get("field1"));
    }

    @Test
    void write_nulIntoText_badRequestWithReasonAndNothingWritten() throws SQLException {
        String table = newTable();
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=1"));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert(table, "user1", Map.of("field0", new byte[] {'a'})));
            List<String> before = snapshot(table);

            assertEquals(Status.BAD_REQUEST, session.update(table, "user1", Map.of("field0", new byte[] {'a', 0})));
            assertTrue(session.lastFailure().contains("byte 0"), session.lastFailure());
            assertEquals(Status.BAD_REQUEST, session.insert(table, "user2", Map.of("field0", new byte[] {0})));

            assertEquals(before, snapshot(table));
        }
    }

    @Test
    void earlierLayout_byteaColumns_everyByteReadAndWrittenAsBytes() throws SQLException {
        String table = newTable();
        // the table openmark created before it took YCSB's layout
        sql("CREATE TABLE " + table + " (YCSB_KEY VARCHAR(255) COLLATE \"C\" PRIMARY KEY, field0 BYTEA, field1 BYTEA)");
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        Map<String, byte[]> read = new HashMap<>();
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=2", "table=" + table));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.insert(table, "user1", Map.of("field0", every, "field1", new byte[0])));
            assertEquals(Status.OK, session.update(table, "user1", Map.of("field1", new byte[] {0, 1})));
            assertEquals(Status.OK, session.read(table, "user1", null, read));
        }

        assertArrayEquals(every, read.get("field0"));
        assertArrayEquals(new byte[] {0, 1}, read.get("field1"));
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT field0 FROM " + table)) {
            row.next();
            assertArrayEquals(every, row.getBytes(1), "bytes, not text");
        }
    }

    /** What a table in another layout looks like: its name, columns, one row, and what the refusal says it found. */
    static Stream<Arguments> otherLayouts() {
        return Stream.of(
                Arguments.of("no key column", "(id INT PRIMARY KEY, field0 TEXT, field1 TEXT, field2 TEXT)",
                        "(1, 'a', 'b', 'c')", "no YCSB_KEY column"),
                Arguments.of("numeric key", "(YCSB_KEY INT PRIMARY KEY, field0 TEXT, field1 TEXT, field2 TEXT)",
                        "(1, 'a', 'b', 'c')", "ycsb_key int4 (not a text type)"),
                Arguments.of("numeric field", "(YCSB_KEY VARCHAR PRIMARY KEY, field0 TEXT, field1 INTEGER, field2 TEXT)",
                        "('user1', 'a', 2, 'c')", "field1 int4 (not text or binary)"),
                Arguments.of("padded field", "(YCSB_KEY VARCHAR PRIMARY KEY, field0 TEXT, field1 CHAR(100), field2 TEXT)",
                        "('user1', 'a', 'b', 'c')", "field1 bpchar (fixed width"),
                Arguments.of("fewer fields", "(YCSB_KEY VARCHAR PRIMARY KEY, field0 TEXT, field1 TEXT)",
                        "('user1', 'a', 'b')", "no column field2 (columns ycsb_key varchar, field0 text, field1 text);"
                                + " openmark's jdbc store reads and writes only YCSB's layout"),
                Arguments.of("quoted names", "(YCSB_KEY VARCHAR PRIMARY KEY, \"FIELD0\" TEXT, \"FIELD1\" TEXT, \"FIELD2\" TEXT)",
                        "('user1', 'a', 'b', 'c')", "no column field0, field1, field2 (\"FIELD0\", \"FIELD1\", \"FIELD2\" only as"
                                + " quoted names, which the store's unquoted SQL does not reach)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherLayouts")
    void open_tableInAnotherLayout_refusedNamingWhatItFoundAndNothingWritten(String what, String columns, String row,
            String found) throws SQLException {
        String table = newTable();
        sql("CREATE TABLE " + table + " " + columns, "INSERT INTO " + table + " VALUES " + row);
        List<String> before = snapshot(table);

        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> new JdbcStoreFactory().open(SERVER.properties("fieldcount=3", "table=" + table)));

        assertEquals("table", e.property());
        assertTrue(e.getMessage().startsWith("table=" + table + ": in jdbc:postgresql://"), e.getMessage());
        assertTrue(e.getMessage().contains(found), e.getMessage());
        assertTrue(e.getMessage().contains("so it wrote nothing; "), e.getMessage());
        if (what.equals("fewer fields")) {
            assertTrue(e.getMessage().endsWith("-p fieldcount=2 uses the fields it has, or use another table"
                    + " (-p table=NAME), or drop or rename this one"), e.getMessage());
        }
        assertEquals(before, snapshot(table));
    }

    @Test
    void everyCall_otherTableInAnotherLayout_badRequestWithReasonAndNothingWritten() throws SQLException {
        String table = newTable();
        sql("CREATE TABLE " + table + " (YCSB_KEY VARCHAR PRIMARY KEY, field0 JSONB)",
                "INSERT INTO " + table + " VALUES ('user1', '{\"a\": 1}')");
        List<String> before = snapshot(table);
        Map<String, byte[]> values = Map.of("field0", "{}".getBytes(ISO_8859_1));
        try (JdbcStore store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=1"));
                Session session = store.newSession()) {
            assertEquals(Status.BAD_REQUEST, session.insert(table, "user2", values));
            assertTrue(session.lastFailure().contains("field0 jsonb (not text or binary)"), session.lastFailure());
            assertEquals(Status.BAD_REQUEST, session.update(table, "user1", values));
            assertEquals(Status.BAD_REQUEST, session.delete(table, "user1"));
            assertEquals(Status.BAD_REQUEST, session.read(table, "user1", null, new HashMap<>()));
            assertEquals(Status.BAD_REQUEST, session.scan(table, "", 10, null, new ArrayList<>()));
            assertEquals(Status.OK, session.start());
            assertEquals(Status.BAD_REQUEST, session.update(table, "user1", values));
            assertEquals(Status.OK, session.commit(), "nothing was sent, so the unit goes on");
        }

        assertEquals(before, snapshot(table));
    }
}
