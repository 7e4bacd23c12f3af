package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Store;
import org.openmark.api.StoreException;
import org.openmark.api.StoreImage;
import org.openmark.store.contract.ImageContractTest;
import redis.clients.jedis.Jedis;

/**
 * Images against a real Redis server, in openmark's layout: the image contract writes to a table
 * created after the save and expects it empty after the restore, which needs tables kept apart.
 * {@link RedisYcsbImageTest} tests images in YCSB's layout.
 */
@Tag("integration")
class RedisImageTest extends ImageContractTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final AtomicInteger TABLES = new AtomicInteger();

    @Override
    protected Store openStore() {
        return new RedisStoreFactory().open(RedisTestDatabases.openmarkLayout(SERVER));
    }

    @Override
    protected String newTableName() {
        return "image" + TABLES.incrementAndGet();
    }

    @Override
    protected void assertFreed(StoreImage image) {
        RedisImage redisImage = (RedisImage) image;
        assertEquals(0, redisImage.heldBytes(), image.describe());
        assertThrows(StoreException.class, redisImage::payloads);
    }

    private Jedis connect() {
        return RedisTestDatabases.connect(SERVER, RedisTestDatabases.OPENMARK_LAYOUT);
    }

    @Test
    void restoreImage_keysOutsideTheTables_leftAlone() {
        try (Jedis jedis = connect()) {
            jedis.set("other-app:setting", "kept");
            jedis.hset("unindexed:1", "f", "kept");
            jedis.zadd("scores", 1, "kept");
            try (StoreImage image = ((RedisStore) store).saveImage()) {
                jedis.set("other-app:later", "also kept");

                ((RedisStore) store).restoreImage(image);

                assertEquals("kept", jedis.get("other-app:setting"));
                assertEquals("kept", jedis.hget("unindexed:1", "f"));
                assertEquals(1.0, jedis.zscore("scores", "kept"));
                assertEquals("also kept", jedis.get("other-app:later"));
            } finally {
                jedis.del("other-app:setting", "other-app:later", "unindexed:1", "scores");
            }
        }
    }

    @Test
    void saveImage_heldBytes_coversKeysAndValues() {
        try (Jedis jedis = connect(); StoreImage image = ((RedisStore) store).saveImage()) {
            long valueBytes = 0;
            for (Map.Entry<byte[], byte[]> field : jedis.hgetAll(OpenmarkLayout.INSTANCE.record(table, "user000000")).entrySet()) {
                valueBytes += field.getValue().length;
            }
            long held = ((RedisImage) image).heldBytes();
            assertTrue(held > valueBytes + RedisImage.ENTRY_OVERHEAD_BYTES, "held " + held);
            assertTrue(image.describe().contains(held + " bytes"), image.describe());
        }
    }

    @Test
    void saveImage_boundTooSmall_storeExceptionNamesProperty() {
        try (RedisStore small = new RedisStoreFactory().open(RedisTestDatabases.openmarkLayout(SERVER,
                "redis.image.maxbytes=1000"))) {
            StoreException e = assertThrows(StoreException.class, small::saveImage);
            assertTrue(e.getMessage().contains("redis.image.maxbytes=1000"), e.getMessage());
        }
    }

    @Test
    void restoreImage_serverGone_storeException() {
        RedisStore unreachable = new RedisStoreFactory().open(SERVER.properties("redis.port=1", "redis.timeout=200"));
        try (StoreImage image = ((RedisStore) store).saveImage()) {
            StoreException e = assertThrows(StoreException.class, () -> unreachable.restoreImage(image));
            assertTrue(e.getMessage().contains("failed"), e.getMessage());
            assertThrows(StoreException.class, unreachable::saveImage);
        } finally {
            unreachable.close();
        }
    }
}
