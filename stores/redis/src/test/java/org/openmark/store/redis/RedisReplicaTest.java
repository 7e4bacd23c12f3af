package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import redis.clients.jedis.Jedis;

/** A real primary and replica ({@code openmark-services start redis-pair}). */
@Tag("integration")
class RedisReplicaTest {
    @RegisterExtension
    static final ServicesFixture PAIR = ServicesFixture.of("redis-pair");

    @Test
    void read_fromReplicaAfterWaitForOneReplica_seesEveryWrite() {
        SplittableRandom random = new SplittableRandom(3);
        try (RedisStore store = new RedisStoreFactory().open(PAIR.properties(
                "redis.readfrom=replica", "redis.wait=1", "redis.wait.timeout=1000"));
                Session session = store.newSession()) {
            for (int i = 0; i < 20; i++) {
                Map<String, byte[]> values = RedisCrudTest.values(random, 2);
                assertEquals(Status.OK, session.insert("replicated", "k" + i, values));
                Map<String, byte[]> read = new HashMap<>();

                assertEquals(Status.OK, session.read("replicated", "k" + i, null, read), "WAIT 1 returned before the replica had it");

                assertArrayEquals(values.get("field1"), read.get("field1"));
            }
        }
    }

    @Test
    void read_recordPresentOnlyOnReplica_foundOnlyWhenReadingFromReplica() {
        String host = PAIR.properties().get("redis.replica.host");
        int port = Integer.parseInt(PAIR.properties().get("redis.replica.port"));
        // a record written straight into the replica (never on the primary) shows where reads go
        try (Jedis replica = new Jedis(host, port)) {
            replica.configSet("replica-read-only", "no");
            try {
                replica.hset("replicaonly-k", "field0", "only here"); // YCSB's layout: the key alone
            } finally {
                replica.configSet("replica-read-only", "yes");
            }
        }
        try (RedisStore toReplica = new RedisStoreFactory().open(PAIR.properties("redis.readfrom=replica"));
                RedisStore toPrimary = new RedisStoreFactory().open(PAIR.properties());
                Session replicaReader = toReplica.newSession(); Session primaryReader = toPrimary.newSession()) {
            assertEquals(Status.OK, replicaReader.read("replicaonly", "replicaonly-k", null, new HashMap<>()));
            assertEquals(Status.NOT_FOUND, primaryReader.read("replicaonly", "replicaonly-k", null, new HashMap<>()));
        }
    }

    @Test
    void insert_waitForMoreReplicasThanExist_timeout() {
        try (RedisStore store = new RedisStoreFactory().open(PAIR.properties("redis.wait=2", "redis.wait.timeout=100"));
                Session session = store.newSession()) {
            assertEquals(Status.TIMEOUT, session.insert("replicated", "lonely", RedisCrudTest.values(new SplittableRandom(4), 1)));

            assertEquals(Status.OK, session.read("replicated", "lonely", null, new HashMap<>()), "the write itself applied");
        }
    }
}
