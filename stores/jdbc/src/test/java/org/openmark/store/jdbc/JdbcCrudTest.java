package org.openmark.store.jdbc;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * What the shared contract (JdbcContractTest) does not cover, against a real PostgreSQL server:
 * the server's facts, every byte value (text columns: all but 0; binary ones: all), scans in the
 * database's byte order over random keys,
 * the table appearing on first insert, and SQL-specific refusals.
 */
@Tag("integration")
class JdbcCrudTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("postgres");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private JdbcStore store;
    private Session session;
    private String table;

    @BeforeEach
    void open() {
        store = new JdbcStoreFactory().open(SERVER.properties("fieldcount=4"));
        session = store.newSession();
        table = "crud" + TABLES.incrementAndGet();
    }

    @AfterEach
    void close() {
        session.close();
        store.close();
    }

    @Test
    void facts_realServer_productAndTheServersVersion() throws SQLException {
        String expected;
        try (Connection connection = DriverManager.getConnection(store.config().url(), store.config().user(),
                store.config().password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SHOW server_version")) {
            rows.next();
            expected = rows.getString(1);
        }

        assertEquals("PostgreSQL", store.facts().get("product"));
        assertEquals(expected, store.facts().get("version"));
        assertTrue(expected.matches("\\d+(\\.\\d+)?.*"), expected);
    }

    @Test
    void insert_everyByteButNulInTextColumns_readReturnsThemExactly() {
        byte[] every = new byte[255];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) (i + 1);
        }
        Map<String, byte[]> values = Map.of("field0", every, "field1", withoutNul(new SplittableRandom(11), 5000),
                "field2", new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF}, "field3", new byte[0]);

        assertEquals(Status.OK, session.insert(table, "user1", values));
        Map<String, byte[]> read = new HashMap<>();
        assertEquals(Status.OK, session.read(table, "user1", null, read));

        assertEquals(values.keySet(), read.keySet());
        values.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
    }

    @Test
    void insert_allByteValuesInBinaryColumns_readReturnsThemExactly() {
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        byte[] random = new byte[5000];
        new SplittableRandom(11).nextBytes(random);
        Map<String, byte[]> values = Map.of("field0", every, "field1", random, "field2", new byte[] {(byte) 0xC3, 0x28, 0},
                "field3", new byte[0]);
        try (JdbcStore binary = new JdbcStoreFactory().open(SERVER.properties("fieldcount=4", "jdbc.fieldtype=BYTEA"));
                Session s = binary.newSession()) {
            assertEquals(Status.OK, s.insert(table, "user1", values));
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, s.read(table, "user1", null, read));

            assertEquals(values.keySet(), read.keySet());
            values.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
        }
    }

    @Test
    void scan_seededRandomKeys_returnsBytewiseKeyOrderFromStartKey() {
        SplittableRandom random = new SplittableRandom(42);
        NavigableMap<String, Map<String, byte[]>> expected = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            // mixed case and punctuation: the order must be bytewise, not a locale's
            String key = (random.nextBoolean() ? "User" : "user") + (random.nextBoolean() ? "_" : "-") + random.nextLong(1_000_000_000L);
            Map<String, byte[]> values = values(random, 3);
            expected.put(key, values);
            assertEquals(Status.OK, session.insert(table, key, values));
        }
        for (int probe = 0; probe < 25; probe++) {
            String startKey = probe == 0 ? "zzz" : "user_" + random.nextLong(1_000_000_000L);
            int count = 1 + random.nextInt(30);
            List<Record> scanned = new ArrayList<>();

            assertEquals(Status.OK, session.scan(table, startKey, count, null, scanned));

            List<String> expectedKeys = expected.tailMap(startKey, true).keySet().stream().limit(count).toList();
            assertEquals(expectedKeys, scanned.stream().map(Record::key).toList(), "scan from " + startKey);
            for (Record record : scanned) {
                Map<String, byte[]> want = expected.get(record.key());
                assertEquals(want.keySet(), record.fields().keySet());
                want.forEach((field, value) -> assertArrayEquals(value, record.fields().get(field)));
            }
        }
    }

    @Test
    void isKnownEmpty_missingThenEmptyThenFilled_trueTrueFalse() {
        assertTrue(store.isKnownEmpty(table), "a missing table is created by the first insert");
        session.insert(table, "k", values(new SplittableRandom(7), 1));
        session.delete(table, "k");
        assertTrue(store.isKnownEmpty(table));

        session.insert(table, "k", values(new SplittableRandom(7), 1));

        assertFalse(store.isKnownEmpty(table));
    }

    @Test
    void insert_notAnIdentifier_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert("t; DROP TABLE x", "k", values(new SplittableRandom(8), 1)));
        assertEquals(Status.BAD_REQUEST, session.insert(table, "k", Map.of("field0 = 1 --", new byte[1])));
    }

    @Test
    void insert_unknownColumn_errorAndSessionStillUsable() {
        session.insert(table, "ok", values(new SplittableRandom(9), 1));

        assertEquals(Status.ERROR, session.insert(table, "bad", Map.of("nosuchcolumn", new byte[1])));

        assertEquals(Status.OK, session.read(table, "ok", null, new HashMap<>()));
    }

    /** Random values of every byte but 0, which the default text columns cannot hold in PostgreSQL. */
    static Map<String, byte[]> values(SplittableRandom random, int fieldCount) {
        Map<String, byte[]> values = new HashMap<>();
        for (int i = 0; i < fieldCount; i++) {
            values.put("field" + i, withoutNul(random, 1 + random.nextInt(100)));
        }
        return values;
    }

    static byte[] withoutNul(SplittableRandom random, int length) {
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++) {
            value[i] = (byte) (1 + random.nextInt(255));
        }
        return value;
    }
}
