package org.openmark.store.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;

/** Property parsing and validation; needs no server. */
class RedisConfigTest {

    @Test
    void serviceLoader_redisName_findsFactory() {
        boolean found = ServiceLoader.load(StoreFactory.class).stream()
                .anyMatch(provider -> provider.get().name().equals("redis"));

        assertTrue(found);
    }

    @Test
    void from_noProperties_defaults() {
        RedisConfig config = RedisConfig.from(StoreProperties.empty());

        assertEquals("127.0.0.1", config.host());
        assertEquals(6379, config.port());
        assertEquals(RedisConfig.TxnMode.NONE, config.txnMode());
        assertEquals(RedisConfig.ReadFrom.PRIMARY, config.readFrom());
        assertEquals(0, config.waitReplicas());
    }

    @Test
    void from_otherRunPropertiesPresent_ignoresThem() {
        RedisConfig config = RedisConfig.from(StoreProperties.of(Map.of("fieldcount", "3", "table", "t", "redis.txn", "WATCH")));

        assertEquals(RedisConfig.TxnMode.WATCH, config.txnMode());
    }

    @Test
    void from_unknownTxnMode_namesPropertyValueAndChoices() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.txn", "multi"))));

        assertEquals("redis.txn", e.property());
        assertEquals("redis.txn=multi: must be one of none, watch", e.getMessage());
    }

    @Test
    void from_portOutOfRange_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.port", "70000"))));

        assertEquals("redis.port", e.property());
    }

    @Test
    void from_replicaReadsWithoutReplicaPort_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.readfrom", "replica"))));

        assertEquals("redis.readfrom", e.property());
        assertTrue(e.getMessage().contains("redis.replica.port"), e.getMessage());
    }

    @Test
    void from_replicaReadsWithWatch_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> RedisConfig.from(StoreProperties.of(
                Map.of("redis.readfrom", "replica", "redis.replica.port", "6380", "redis.txn", "watch"))));

        assertEquals("redis.readfrom", e.property());
    }

    @Test
    void from_waitTimeoutNotBelowSocketTimeout_rejected() {
        StoreConfigException e = assertThrows(StoreConfigException.class, () -> RedisConfig.from(StoreProperties.of(
                Map.of("redis.wait", "1", "redis.timeout", "500", "redis.wait.timeout", "500"))));

        assertEquals("redis.wait.timeout", e.property());
    }

    @Test
    void toString_withPassword_neverShowsIt() {
        String secret = "s3cr3t-pa55word";
        RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of("redis.password", secret, "redis.user", "bench")));

        assertFalse(store.toString().contains(secret), store.toString());
        assertFalse(store.newSession().toString().contains(secret));
        assertTrue(store.toString().contains("password=***"), store.toString());
        store.close();
    }

    @Test
    void from_noLayout_ycsbsLayoutInDatabaseZero() {
        RedisConfig config = RedisConfig.from(StoreProperties.empty());

        assertEquals(RedisConfig.Layout.YCSB, config.layout());
        assertEquals(0, config.database());
        assertEquals("usertable", config.table());
    }

    @Test
    void from_layoutOpenmarkDatabaseAndTable_taken() {
        RedisConfig config = RedisConfig.from(StoreProperties.of(Map.of("redis.layout", "openmark",
                "redis.database", "3", "table", "orders")));

        assertEquals(RedisConfig.Layout.OPENMARK, config.layout());
        assertEquals(3, config.database());
        assertEquals("orders", config.table());
    }

    @Test
    void from_unknownLayout_namesChoices() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.layout", "hash"))));

        assertEquals("redis.layout=hash: must be one of ycsb, openmark", e.getMessage());
    }

    @Test
    void from_negativeDatabase_refused() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.database", "-1"))));

        assertEquals("redis.database", e.property());
    }

    @Test
    void from_ycsbPropertyFile_sameNamesAccepted() {
        // what a -P file written for YCSB's RedisClient holds
        RedisConfig config = RedisConfig.from(StoreProperties.of(Map.of("redis.host", "10.0.0.7", "redis.port", "6380",
                "redis.password", "pw", "redis.timeout", "5000", "redis.cluster", "false")));

        assertEquals("10.0.0.7", config.host());
        assertEquals(6380, config.port());
        assertEquals("pw", config.password());
        assertEquals(5000, config.timeoutMs());
        assertTrue(new RedisStoreFactory().propertyNames().containsAll(
                java.util.Set.of("redis.host", "redis.port", "redis.password", "redis.timeout", "redis.cluster")));
    }

    @Test
    void from_ycsbClusterTrue_refusedPointingAtYcsbsBinding() {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> new RedisStoreFactory().validate(StoreProperties.of(Map.of("redis.cluster", "true"))));

        assertEquals("redis.cluster", e.property());
        assertTrue(e.getMessage().startsWith("redis.cluster=true: "), e.getMessage());
        assertTrue(e.getMessage().contains("-db site.ycsb.db.RedisClient --ycsb-classpath"), e.getMessage());
    }

    @Test
    void from_imageMaxBytes_defaultHalfTheHeapAndNonPositiveRefused() {
        assertEquals(Runtime.getRuntime().maxMemory() / 2, RedisConfig.from(StoreProperties.empty()).imageMaxBytes());
        assertEquals(5000, RedisConfig.from(StoreProperties.of(Map.of("redis.image.maxbytes", "5000"))).imageMaxBytes());

        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> RedisConfig.from(StoreProperties.of(Map.of("redis.image.maxbytes", "0"))));

        assertEquals("redis.image.maxbytes", e.property());
    }
}
