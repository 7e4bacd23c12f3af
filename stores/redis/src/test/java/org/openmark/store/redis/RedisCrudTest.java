package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import redis.clients.jedis.Jedis;

/**
 * CRUD, field subsets, byte-exact values and scans in YCSB's order against a real Redis server, in
 * YCSB's layout (the default); each test starts from an empty database, since the layout keeps no
 * tables apart. {@link RedisOpenmarkLayoutTest} has openmark's layout.
 */
@Tag("integration")
class RedisCrudTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private RedisStore store;
    private Session session;
    private String table;

    @BeforeEach
    void open() {
        RedisTestDatabases.flush(SERVER, 0);
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
    void scan_seededRandomKeys_returnsYcsbsHashCodeOrderFromStartKey() {
        SplittableRandom random = new SplittableRandom(42);
        Map<String, Map<String, byte[]>> expected = new HashMap<>();
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

            // YCSB's scan: ZRANGEBYSCORE _indices hashCode(startKey) +inf LIMIT 0 count
            List<String> expectedKeys = expected.keySet().stream().filter(k -> k.hashCode() >= startKey.hashCode())
                    .sorted(RedisTestDatabases.YCSB_SCAN_ORDER).limit(count).toList();
            assertEquals(expectedKeys, scanned.stream().map(Record::key).toList(), "scan from " + startKey);
            for (Record record : scanned) {
                Map<String, byte[]> want = expected.get(record.key());
                assertEquals(want.keySet(), record.fields().keySet());
                want.forEach((field, value) -> assertArrayEquals(value, record.fields().get(field)));
            }
        }
    }

    @Test
    void scan_emptyStartKey_startsAtTheLowestHashCode() {
        List<String> keys = List.of("a", "b", "user1", "user2", "user6284781860667377211");
        for (String key : keys) {
            session.insert(table, key, values(new SplittableRandom(9), 1));
        }
        List<Record> scanned = new ArrayList<>();

        assertEquals(Status.OK, session.scan(table, "", 10, Set.of(), scanned));

        assertEquals(keys.stream().sorted(RedisTestDatabases.YCSB_SCAN_ORDER).toList(),
                scanned.stream().map(Record::key).toList());
        assertTrue(scanned.stream().anyMatch(r -> r.key().hashCode() < 0), "keys below hashCode 0 too: " + keys);
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
    void isKnownEmpty_beforeAndAfterInsert_trueThenFalseForEveryTable() {
        assertTrue(store.isKnownEmpty(table));

        session.insert(table, "k", values(new SplittableRandom(7), 1));

        assertFalse(store.isKnownEmpty(table));
        assertFalse(store.isKnownEmpty("another"), "YCSB's layout keeps no tables apart");
    }

    @Test
    void read_otherTable_sameRecord() {
        Map<String, byte[]> values = values(new SplittableRandom(8), 2);
        session.insert(table, "shared", values);
        Map<String, byte[]> read = new HashMap<>();

        assertEquals(Status.OK, session.read("another", "shared", null, read));

        values.forEach((field, value) -> assertArrayEquals(value, read.get(field), field));
    }

    @Test
    void write_keyNamedLikeTheIndex_badRequestAndNothingWritten() {
        Map<String, byte[]> values = values(new SplittableRandom(8), 1);

        assertEquals(Status.BAD_REQUEST, session.insert(table, YcsbLayout.INDEX, values));
        assertEquals(Status.BAD_REQUEST, session.update(table, YcsbLayout.INDEX, values));
        assertEquals(Status.BAD_REQUEST, session.delete(table, YcsbLayout.INDEX));
        assertEquals(Status.BAD_REQUEST, session.read(table, YcsbLayout.INDEX, null, new HashMap<>()));

        try (Jedis jedis = RedisTestDatabases.connect(SERVER, 0)) {
            assertEquals(0, jedis.dbSize());
        }
    }

    @Test
    void update_missingKey_notFoundAndNoHashCreated() {
        session.insert(table, "present", values(new SplittableRandom(10), 1));

        assertEquals(Status.NOT_FOUND, session.update(table, "absent", values(new SplittableRandom(11), 2)));

        try (Jedis jedis = RedisTestDatabases.connect(SERVER, 0)) {
            assertFalse(jedis.exists("absent"), "no hash without an index entry");
            assertEquals(null, jedis.zscore(YcsbLayout.INDEX, "absent"));
            assertEquals(2, jedis.dbSize(), "the record and _indices");
        }
    }

    @Test
    void writes_keysAndIndexAsYcsbsRedisClientWritesThem() {
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        assertEquals(Status.OK, session.insert(table, "user7", Map.of("field0", every, "field1", "plain".getBytes(UTF_8))));

        try (Jedis jedis = RedisTestDatabases.connect(SERVER, 0)) {
            // the hash under the key alone; each byte one char of a string Jedis sends as UTF-8
            assertEquals(new String(every, ISO_8859_1), jedis.hget("user7", "field0"));
            assertArrayEquals(new String(every, ISO_8859_1).getBytes(UTF_8), jedis.hget("user7".getBytes(UTF_8),
                    "field0".getBytes(UTF_8)));
            assertEquals("plain", jedis.hget("user7", "field1"));
            assertEquals((double) "user7".hashCode(), jedis.zscore(YcsbLayout.INDEX, "user7"));
            assertEquals(Set.of("user7", YcsbLayout.INDEX), jedis.keys("*"));

            assertEquals(Status.OK, session.delete(table, "user7"));
            assertEquals(0, jedis.zcard(YcsbLayout.INDEX), "the delete took the key out of _indices");
        }
    }

    @Test
    void read_valuesAsYcsbWroteThem_oneBytePerChar() {
        try (Jedis jedis = RedisTestDatabases.connect(SERVER, 0)) {
            // as RedisClient writes: HMSET of Java strings, one char per byte of the value
            jedis.hset("user9", Map.of("latin", "caf\u00e9 \u00ff\u0080", "ascii", "abc", "wide", "\u20ac"));
            jedis.zadd(YcsbLayout.INDEX, "user9".hashCode(), "user9");
        }
        Map<String, byte[]> read = new HashMap<>();

        assertEquals(Status.OK, session.read(table, "user9", null, read));

        assertArrayEquals("caf\u00e9 \u00ff\u0080".getBytes(ISO_8859_1), read.get("latin"));
        assertArrayEquals("abc".getBytes(ISO_8859_1), read.get("ascii"));
        // a char above 0xFF: its low byte, as YCSB's StringByteIterator gives it
        assertArrayEquals(new byte[] {(byte) 0xAC}, read.get("wide"));
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
