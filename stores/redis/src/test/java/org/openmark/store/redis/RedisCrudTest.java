package org.openmark.store.redis;

import org.openmark.store.contract.ServicesFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import redis.clients.jedis.Jedis;

/** CRUD, field subsets, byte-exact values and ordered scans against a real Redis server. */
class RedisCrudTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private RedisStore store;
    private Session session;
    private String table;

    @BeforeEach
    void open() {
        store = new RedisStoreFactory().open(SERVER.properties());
        session = store.newSession();
        table = "crud" + TABLES.incrementAndGet();
    }

    @AfterEach
    void close() {
        session.close();
        store.close();
    }

    @Test
    void facts_realServer_versionIsTheServersRedisVersion() {
        String info;
        try (Jedis jedis = new Jedis(store.config().host(), store.config().port())) {
            info = jedis.info("server");
        }
        String expected = info.lines().filter(line -> line.startsWith("redis_version:"))
                .map(line -> line.substring("redis_version:".length()).trim()).findFirst().orElseThrow();

        assertEquals(expected, store.facts().get("version"));
        assertTrue(expected.matches("\\d+\\.\\d+.*"), expected);
        assertEquals(store.facts(), store.facts(), "asked once, the same answer after");
    }

    @Test
    void insert_allByteValues_readReturnsThemExactly() {
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        byte[] random = new byte[1000];
        new SplittableRandom(11).nextBytes(random);
        byte[] invalidUtf8 = {(byte) 0xC3, (byte) 0x28, 0, (byte) 0xFF, (byte) 0xFE};
        Map<String, byte[]> values = Map.of("field0", every, "field1", random, "field2", invalidUtf8, "field3", new byte[0]);

        assertEquals(Status.OK, session.insert(table, "user1", values));
        Map<String, byte[]> read = new HashMap<>();
        assertEquals(Status.OK, session.read(table, "user1", null, read));

        assertEquals(values.keySet(), read.keySet());
        values.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
    }

    @Test
    void read_fieldSubset_returnsOnlyThoseFields() {
        session.insert(table, "user1", values(new SplittableRandom(1), 10));
        Map<String, byte[]> read = new HashMap<>();

        assertEquals(Status.OK, session.read(table, "user1", Set.of("field3", "field7", "nosuchfield"), read));

        assertEquals(Set.of("field3", "field7"), read.keySet());
    }

    @Test
    void read_missingKey_notFound() {
        assertEquals(Status.NOT_FOUND, session.read(table, "absent", null, new HashMap<>()));
        assertEquals(Status.NOT_FOUND, session.read(table, "absent", Set.of("field0"), new HashMap<>()));
    }

    @Test
    void update_someFields_changesOnlyThose() {
        Map<String, byte[]> original = values(new SplittableRandom(2), 4);
        session.insert(table, "user1", original);
        byte[] changed = {1, 2, 3};

        assertEquals(Status.OK, session.update(table, "user1", Map.of("field2", changed)));

        Map<String, byte[]> read = new HashMap<>();
        session.read(table, "user1", null, read);
        assertArrayEquals(changed, read.get("field2"));
        assertArrayEquals(original.get("field0"), read.get("field0"));
        assertEquals(4, read.size());
    }

    @Test
    void delete_existingRecord_goneFromReadsAndScans() {
        session.insert(table, "a", values(new SplittableRandom(3), 2));
        session.insert(table, "b", values(new SplittableRandom(4), 2));

        assertEquals(Status.OK, session.delete(table, "a"));

        assertEquals(Status.NOT_FOUND, session.read(table, "a", null, new HashMap<>()));
        List<Record> scanned = new ArrayList<>();
        session.scan(table, "", 10, null, scanned);
        assertEquals(List.of("b"), scanned.stream().map(Record::key).toList());
        assertEquals(Status.NOT_FOUND, session.delete(table, "a"));
    }

    @Test
    void scan_seededRandomKeys_returnsKeyOrderFromStartKey() {
        SplittableRandom random = new SplittableRandom(42);
        NavigableMap<String, Map<String, byte[]>> expected = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            String key = "user" + random.nextLong(1_000_000_000L);
            Map<String, byte[]> values = values(random, 3);
            expected.put(key, values);
            assertEquals(Status.OK, session.insert(table, key, values));
        }
        for (int probe = 0; probe < 25; probe++) {
            String startKey = probe == 0 ? "zzz" : "user" + random.nextLong(1_000_000_000L);
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
    void scan_fieldSubset_returnsOnlyThoseFields() {
        session.insert(table, "k1", values(new SplittableRandom(5), 5));
        session.insert(table, "k2", values(new SplittableRandom(6), 5));
        List<Record> scanned = new ArrayList<>();

        assertEquals(Status.OK, session.scan(table, "k1", 5, Set.of("field1"), scanned));

        assertEquals(2, scanned.size());
        scanned.forEach(record -> assertEquals(Set.of("field1"), record.fields().keySet()));
    }

    @Test
    void isKnownEmpty_beforeAndAfterInsert_trueThenFalse() {
        assertTrue(store.isKnownEmpty(table));

        session.insert(table, "k", values(new SplittableRandom(7), 1));

        assertFalse(store.isKnownEmpty(table));
    }

    @Test
    void insert_tableNameWithColon_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert("a:b", "k", values(new SplittableRandom(8), 1)));
    }

    static Map<String, byte[]> values(SplittableRandom random, int fieldCount) {
        Map<String, byte[]> values = new HashMap<>();
        for (int i = 0; i < fieldCount; i++) {
            byte[] value = new byte[1 + random.nextInt(100)];
            random.nextBytes(value);
            values.put("field" + i, value);
        }
        return values;
    }
}
