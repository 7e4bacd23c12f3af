package org.openmark.store.redis;

import org.junit.jupiter.api.Tag;
import org.openmark.store.contract.ServicesFixture;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreProperties;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

/** Store errors come back as statuses, never as exceptions. */
@Tag("integration")
class RedisFailureTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final Map<String, byte[]> VALUES = Map.of("field0", "v".getBytes(UTF_8));

    @Test
    void everyOperation_nothingListening_serviceUnavailable() throws IOException {
        int closedPort = closedPort();
        try (RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of(
                "redis.port", Integer.toString(closedPort), "redis.timeout", "1000")));
                Session session = store.newSession()) {
            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("t", "k", null, new HashMap<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.scan("t", "k", 5, null, new ArrayList<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.insert("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.update("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.delete("t", "k"));
            assertFalse(store.isKnownEmpty("t"), "cannot tell, so not known empty");
        }
    }

    @Test
    void facts_nothingListening_emptyWithoutThrowing() throws IOException {
        try (RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of(
                "redis.port", Integer.toString(closedPort()), "redis.timeout", "1000")))) {
            assertEquals(Map.of(), store.facts());
        }
    }

    @Test
    void commit_connectionLostInsideWatchUnit_aborted() throws IOException {
        int closedPort = closedPort();
        try (RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of(
                "redis.port", Integer.toString(closedPort), "redis.txn", "watch")));
                Session session = store.newSession()) {
            assertEquals(Status.OK, session.start());
            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("t", "k", null, new HashMap<>()));

            assertEquals(Status.ABORTED, session.update("t", "k", VALUES));
            assertEquals(Status.ABORTED, session.commit());
        }
    }

    @Test
    void read_serverNeverReplies_timeout() throws IOException {
        // a listening socket nobody reads from: the kernel completes the handshake, no reply ever comes
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
                RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of(
                        "redis.port", Integer.toString(silent.getLocalPort()), "redis.timeout", "200")));
                Session session = store.newSession()) {
            assertEquals(Status.TIMEOUT, session.read("t", "k", null, new HashMap<>()));
        }
    }

    @Test
    void read_wrongPasswordOnRealServer_errorWithoutException() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.password=not-the-password"));
                Session session = store.newSession()) {
            assertEquals(Status.ERROR, session.read("t", "k", null, new HashMap<>()));
        }
    }

    @Test
    void read_recordIsNotAHash_errorAndSessionStillUsable() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties());
                Session session = store.newSession()) {
            // another client stored a string where the record's hash belongs (YCSB's layout: the key
            // alone): HGETALL answers WRONGTYPE
            try (Jedis other = new Jedis(store.config().host(), store.config().port())) {
                other.set("wrongtype-k", "not a hash");
            }
            session.insert("wrongtype", "wrongtype-ok", VALUES);

            assertEquals(Status.ERROR, session.read("wrongtype", "wrongtype-k", null, new HashMap<>()));
            assertEquals(Status.OK, session.read("wrongtype", "wrongtype-ok", null, new HashMap<>()));
        }
    }

    @Test
    void read_afterServerClosedTheConnection_serviceUnavailableThenReconnects() {
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties());
                Session session = store.newSession()) {
            session.insert("killed", "k", VALUES);
            assertEquals(Status.OK, session.read("killed", "k", null, new HashMap<>()));
            try (Jedis admin = new Jedis(store.config().host(), store.config().port())) {
                admin.clientKill(ClientKillParams.clientKillParams().type(ClientType.NORMAL).skipMe(ClientKillParams.SkipMe.YES));
            }

            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("killed", "k", null, new HashMap<>()));

            assertEquals(Status.OK, session.read("killed", "k", null, new HashMap<>()));
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
