package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.store.contract.ServicesFixture;
import redis.clients.jedis.Jedis;

/**
 * openmark's own layout ({@code redis.layout=openmark}) against a real server: what earlier versions
 * wrote is read and written as they wrote it, scans come in key order, tables are kept apart.
 */
@Tag("integration")
class RedisOpenmarkLayoutTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private RedisStore store;
    private Session session;
    private String table;

    @BeforeEach
    void open() {
        store = new RedisStoreFactory().open(RedisTestDatabases.openmarkLayout(SERVER));
        session = store.newSession();
        table = "layout" + TABLES.incrementAndGet();
    }

    @AfterEach
    void close() {
        session.close();
        store.close();
    }

    private static Jedis connect() {
        return RedisTestDatabases.connect(SERVER, RedisTestDatabases.OPENMARK_LAYOUT);
    }

    @Test
    void read_recordsAsEarlierVersionsWroteThem_sameBytesAndKeyOrder() {
        byte[] raw = {(byte) 0xC3, (byte) 0x28, 0, (byte) 0xFF};
        try (Jedis jedis = connect()) {
            // the earlier layout: the hash <table>:<key> holding the value's bytes, the key in <table>.index at score 0
            jedis.hset((table + ":user2").getBytes(UTF_8), "field0".getBytes(UTF_8), raw);
            jedis.zadd(table + ".index", 0, "user2");
            jedis.hset(table + ":user1", "field0", "one");
            jedis.zadd(table + ".index", 0, "user1");
        }
        Map<String, byte[]> read = new HashMap<>();

        assertEquals(Status.OK, session.read(table, "user2", null, read));
        assertArrayEquals(raw, read.get("field0"));
        List<Record> scanned = new ArrayList<>();
        assertEquals(Status.OK, session.scan(table, "", 10, null, scanned));
        assertEquals(List.of("user1", "user2"), scanned.stream().map(Record::key).toList());

        assertEquals(Status.OK, session.update(table, "user1", Map.of("field0", raw)));
        try (Jedis jedis = connect()) {
            assertArrayEquals(raw, jedis.hget((table + ":user1").getBytes(UTF_8), "field0".getBytes(UTF_8)));
            assertEquals(0.0, jedis.zscore(table + ".index", "user1"));
        }
    }

    @Test
    void scan_seededRandomKeys_returnsKeyOrderFromStartKey() {
        SplittableRandom random = new SplittableRandom(42);
        NavigableMap<String, Map<String, byte[]>> expected = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            String key = "user" + random.nextLong(1_000_000_000L);
            Map<String, byte[]> values = RedisCrudTest.values(random, 3);
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
                want.forEach((field, value) -> assertArrayEquals(value, record.fields().get(field)));
            }
        }
    }

    @Test
    void insert_tableNameWithColon_badRequest() {
        assertEquals(Status.BAD_REQUEST, session.insert("a:b", "k", RedisCrudTest.values(new SplittableRandom(8), 1)));
    }

    @Test
    void update_missingKey_notFoundAndNoHashCreated() {
        assertEquals(Status.NOT_FOUND, session.update(table, "absent", RedisCrudTest.values(new SplittableRandom(1), 1)));

        try (Jedis jedis = connect()) {
            assertFalse(jedis.exists(table + ":absent"));
            assertFalse(jedis.exists(table + ".index"));
        }
    }
}
