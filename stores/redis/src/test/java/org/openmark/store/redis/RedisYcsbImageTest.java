package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreImage;
import org.openmark.store.contract.ContentHash;
import org.openmark.store.contract.ServicesFixture;
import redis.clients.jedis.Jedis;

/**
 * Images (the rating's fast reload) in YCSB's layout, against a real server: a restore brings back
 * exactly the records and the _indices entries saved, whatever was updated, deleted or inserted
 * since, and leaves keys that are not the store's alone. (The shared image contract writes to a
 * second table and expects it apart from the first, which YCSB's layout does not keep apart; it
 * runs in openmark's layout in {@link RedisImageTest}.)
 */
@Tag("integration")
class RedisYcsbImageTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final String TABLE = "usertable";

    private RedisStore store;
    private Session session;

    @BeforeEach
    void openAndLoad() {
        RedisTestDatabases.flush(SERVER, RedisTestDatabases.YCSB_IMAGES);
        store = new RedisStoreFactory().open(SERVER.properties("redis.database=" + RedisTestDatabases.YCSB_IMAGES));
        session = store.newSession();
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 120; i++) {
            assertEquals(Status.OK, session.insert(TABLE, "user" + i, RedisCrudTest.values(random, 4)));
        }
    }

    @AfterEach
    void close() {
        session.close();
        store.close();
    }

    private static Jedis connect() {
        return RedisTestDatabases.connect(SERVER, RedisTestDatabases.YCSB_IMAGES);
    }

    /** Every key of the database with its type and content (hash fields, sorted-set scores, string value). */
    private static Map<String, String> database() {
        Map<String, String> contents = new TreeMap<>();
        try (Jedis jedis = connect()) {
            for (String key : jedis.keys("*")) {
                byte[] name = key.getBytes(UTF_8);
                String content = switch (jedis.type(key)) {
                    case "hash" -> {
                        Map<String, String> fields = new TreeMap<>();
                        jedis.hgetAll(name).forEach((f, v) -> fields.put(new String(f, UTF_8), HexFormat.of().formatHex(v)));
                        yield "hash " + fields;
                    }
                    case "zset" -> "zset " + jedis.zrangeWithScores(key, 0, -1);
                    default -> jedis.type(key) + " " + HexFormat.of().formatHex(jedis.dump(name));
                };
                contents.put(key, content);
            }
        }
        return contents;
    }

    private void mutate(SplittableRandom random) {
        for (int i = 0; i < 10; i++) {
            assertEquals(Status.OK, session.update(TABLE, "user" + (3 * i), RedisCrudTest.values(random, 2)));
            assertEquals(Status.OK, session.delete(TABLE, "user" + (3 * i + 1)));
            assertEquals(Status.OK, session.insert("another", "new" + i, RedisCrudTest.values(random, 3)));
        }
    }

    @Test
    void restoreImage_afterUpdatesDeletesInserts_recordsAndIndexBack() {
        try (Jedis jedis = connect()) {
            jedis.set("other-app:setting", "kept");
            jedis.hset("unindexed", "f", "kept");
        }
        Map<String, String> saved = database();
        ContentHash savedContent = ContentHash.of(session, TABLE);
        try (StoreImage image = store.saveImage()) {
            assertTrue(image.describe().contains("121 keys in YCSB's layout"), image.describe());
            mutate(new SplittableRandom(6));
            try (Jedis jedis = connect()) {
                jedis.set("other-app:later", "also kept");
            }
            assertNotEquals(savedContent, ContentHash.of(session, TABLE));

            store.restoreImage(image);

            Map<String, String> expected = new TreeMap<>(saved);
            expected.put("other-app:later", database().get("other-app:later"));
            assertEquals(expected, database());
            assertEquals(savedContent, ContentHash.of(session, TABLE));

            mutate(new SplittableRandom(7));
            store.restoreImage(image);
            assertEquals(expected, database(), "restored again");
        }
    }

    @Test
    void restoreImage_ofEmptyStore_emptyAgain() {
        RedisTestDatabases.flush(SERVER, RedisTestDatabases.YCSB_IMAGES);
        try (StoreImage image = store.saveImage()) {
            assertEquals(Status.OK, session.insert(TABLE, "user1", RedisCrudTest.values(new SplittableRandom(8), 2)));
            assertFalse(store.isKnownEmpty(TABLE));

            store.restoreImage(image);

            assertTrue(store.isKnownEmpty(TABLE));
            try (Jedis jedis = connect()) {
                assertEquals(0, jedis.dbSize());
            }
        }
    }
}
