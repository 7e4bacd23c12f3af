package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.store.contract.StartedCalls;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

/** {@link RedisFailureTest}'s failures through started calls: the same statuses, never an exception. */
@Tag("integration")
class RedisPipelinedFailureTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final Map<String, byte[]> VALUES = Map.of("field0", "v".getBytes(UTF_8));

    private static Store started(StoreProperties properties) {
        return StartedCalls.of(new RedisStoreFactory().open(properties));
    }

    @Test
    void everyOperation_nothingListening_serviceUnavailable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (Store store = started(StoreProperties.of(Map.of("redis.port", Integer.toString(closedPort),
                "redis.timeout", "1000"))); Session session = store.newSession()) {
            assertEquals(Status.SERVICE_UNAVAILABLE, session.read("t", "k", null, new HashMap<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.scan("t", "k", 5, null, new ArrayList<>()));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.insert("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.update("t", "k", VALUES));
            assertEquals(Status.SERVICE_UNAVAILABLE, session.delete("t", "k"));
            assertTrue(session.lastFailure() != null, "the cause is named");
        }
    }

    @Test
    void read_serverNeverReplies_timeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
                Store store = started(StoreProperties.of(Map.of("redis.port", Integer.toString(silent.getLocalPort()),
                        "redis.timeout", "200"))); Session session = store.newSession()) {
            assertEquals(Status.TIMEOUT, session.read("t", "k", null, new HashMap<>()));
            assertTrue(session.lastFailure().contains("no reply from redis within 200 ms"), session.lastFailure());
        }
    }

    @Test
    void read_wrongPasswordOnRealServer_error() {
        try (Store store = started(SERVER.properties("redis.password=not-the-password"));
                Session session = store.newSession()) {
            assertEquals(Status.ERROR, session.read("t", "k", null, new HashMap<>()));
        }
    }

    @Test
    void read_recordIsNotAHash_errorAndSessionStillUsable() {
        try (Store store = started(SERVER.properties()); Session session = store.newSession()) {
            try (Jedis other = RedisTestDatabases.connect(SERVER, 0)) {
                other.set("pipelined-wrongtype-k", "not a hash");
            }
            session.insert("wrongtype", "pipelined-wrongtype-ok", VALUES);

            assertEquals(Status.ERROR, session.read("wrongtype", "pipelined-wrongtype-k", null, new HashMap<>()));
            assertTrue(session.lastFailure().contains("WRONGTYPE"), session.lastFailure());
            assertEquals(Status.ERROR, session.update("wrongtype", "pipelined-wrongtype-k", VALUES));
            assertEquals(Status.OK, session.read("wrongtype", "pipelined-wrongtype-ok", null, new HashMap<>()));
        }
    }

    /**
     * The reader sees the server close an idle connection, so the next call may already go out on a
     * new one (the blocking session learns it from that call, SERVICE_UNAVAILABLE); either way the
     * call after it is OK.
     */
    @Test
    void read_afterServerClosedTheConnection_atMostOneCallLostThenReconnects() {
        try (Store store = started(SERVER.properties()); Session session = store.newSession()) {
            session.insert("killed", "pipelined-killed", VALUES);
            assertEquals(Status.OK, session.read("killed", "pipelined-killed", null, new HashMap<>()));
            try (Jedis admin = RedisTestDatabases.connect(SERVER, 0)) {
                admin.clientKill(ClientKillParams.clientKillParams().type(ClientType.NORMAL)
                        .skipMe(ClientKillParams.SkipMe.YES));
            }

            Status first = session.read("killed", "pipelined-killed", null, new HashMap<>());
            assertTrue(first == Status.SERVICE_UNAVAILABLE || first == Status.OK, first.toString());
            assertEquals(Status.OK, session.read("killed", "pipelined-killed", null, new HashMap<>()));
        }
    }
}
