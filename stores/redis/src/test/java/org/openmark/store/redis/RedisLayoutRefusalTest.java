package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.config.ConfigException;
import org.openmark.run.Phase;
import org.openmark.store.contract.ServicesFixture;
import redis.clients.jedis.Jedis;

/**
 * A database holding the other layout's index is refused when the store opens (bad input, the
 * run stops with exit 2), with one line saying what was found and what to do, and nothing is
 * written: every key's DUMP is the same after.
 */
@Tag("integration")
class RedisLayoutRefusalTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final int DATABASE = RedisTestDatabases.REFUSALS;

    @BeforeEach
    void emptyDatabase() {
        RedisTestDatabases.flush(SERVER, DATABASE);
    }

    private static Jedis connect() {
        return RedisTestDatabases.connect(SERVER, DATABASE);
    }

    private static StoreProperties properties(String... keyValues) {
        String[] all = java.util.Arrays.copyOf(keyValues, keyValues.length + 1);
        all[keyValues.length] = "redis.database=" + DATABASE;
        return SERVER.properties(all);
    }

    /** Every key of the database and its DUMP, to tell that nothing changed. */
    private static Map<String, String> contents() {
        Map<String, String> contents = new TreeMap<>();
        try (Jedis jedis = connect()) {
            for (String key : jedis.keys("*")) {
                contents.put(key, java.util.HexFormat.of().formatHex(jedis.dump(key.getBytes(UTF_8))));
            }
        }
        return contents;
    }

    /** The database as openmark's earlier versions left it: usertable:KEY hashes, usertable.index at score 0. */
    private static void writeOpenmarkLayout(Jedis jedis) {
        for (int i = 0; i < 3; i++) {
            jedis.hset("usertable:user" + i, "field0", "v" + i);
            jedis.zadd("usertable.index", 0, "user" + i);
        }
    }

    /** The database as YCSB's RedisClient leaves it: a hash per key, _indices scored by hashCode. */
    private static void writeYcsbLayout(Jedis jedis) {
        for (int i = 0; i < 3; i++) {
            jedis.hset("user" + i, "field0", "v" + i);
            jedis.zadd("_indices", ("user" + i).hashCode(), "user" + i);
        }
    }

    private static void assertRefusedUnchanged(Consumer<Jedis> setUp, StoreProperties properties, String... mentions) {
        try (Jedis jedis = connect()) {
            setUp.accept(jedis);
        }
        Map<String, String> before = contents();

        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> new RedisStoreFactory().open(properties).close());

        assertEquals(RedisConfig.LAYOUT, e.property(), e.getMessage());
        for (String mention : mentions) {
            assertTrue(e.getMessage().contains(mention), "mentions " + mention + ": " + e.getMessage());
        }
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals(before, contents(), "nothing written");
    }

    @Test
    void open_ycsbLayoutOnOpenmarksEarlierLayout_refusedNamingItAndTheWayOut() {
        assertRefusedUnchanged(RedisLayoutRefusalTest::writeOpenmarkLayout, properties(), "redis.layout=ycsb:",
                "database " + DATABASE, "usertable.index (3 keys)", "-p redis.layout=openmark", "FLUSHDB",
                "redis.database");
    }

    @Test
    void open_ycsbLayoutOnOpenmarksLayoutOfTheWorkloadsTable_refused() {
        assertRefusedUnchanged(jedis -> jedis.zadd("orders.index", 0, "user1"), properties("table=orders"),
                "orders.index (1 keys)");
    }

    @Test
    void open_openmarkLayoutOnYcsbsLayout_refusedNamingItAndTheWayOut() {
        assertRefusedUnchanged(RedisLayoutRefusalTest::writeYcsbLayout, properties("redis.layout=openmark"),
                "redis.layout=openmark:", "_indices (3 keys)", "YCSB's layout", "leave out redis.layout", "FLUSHDB");
    }

    @Test
    void open_indicesOfAnotherType_refused() {
        assertRefusedUnchanged(jedis -> jedis.set("_indices", "something else"), properties(),
                "_indices as a string", "FLUSHDB");
    }

    @Test
    void run_ycsbLayoutOnOpenmarksEarlierLayout_badInputAndNothingWritten() {
        try (Jedis jedis = connect()) {
            writeOpenmarkLayout(jedis);
        }
        Map<String, String> before = contents();
        Map<String, String> workload = WorkloadRuns.with(properties().asMap(), "store", "redis", "recordcount", "10",
                "operationcount", "100", "threadcount", "1", "model", "closed");

        ConfigException e = assertThrows(ConfigException.class, () -> WorkloadRuns.run(Phase.RUN, workload));

        assertTrue(e.getMessage().startsWith("redis.layout=ycsb: "), e.getMessage());
        assertEquals(before, contents(), "nothing loaded, nothing run");
        assertThrows(ConfigException.class, () -> WorkloadRuns.run(Phase.LOAD, workload));
        assertEquals(before, contents(), "nothing loaded");
    }

    @Test
    void open_earlierLayoutWithLayoutOpenmark_readAndWrittenAsBefore() {
        try (Jedis jedis = connect()) {
            writeOpenmarkLayout(jedis);
        }
        try (RedisStore store = new RedisStoreFactory().open(properties("redis.layout=openmark"));
                Session session = store.newSession()) {
            Map<String, byte[]> read = new HashMap<>();
            assertEquals(Status.OK, session.read("usertable", "user1", null, read));
            assertArrayEquals("v1".getBytes(UTF_8), read.get("field0"));
            assertFalse(store.isKnownEmpty("usertable"));
        }
    }

    @Test
    void open_otherDataOnly_acceptedAndLeftAlone() {
        try (Jedis jedis = connect()) {
            jedis.set("other-app:setting", "kept");
            jedis.zadd("scores", 1, "kept");
        }
        try (RedisStore store = new RedisStoreFactory().open(properties())) {
            assertTrue(store.isKnownEmpty("usertable"));
        }
    }

    @Test
    void newSession_serverUnreachableAtOpen_checkedOnceItAnswers() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        // nothing listens when the store opens: it opens (its sessions would report statuses)
        try (RedisStore store = new RedisStoreFactory().open(StoreProperties.of(Map.of("redis.port",
                Integer.toString(port), "redis.timeout", "1000")))) {
            Process server = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind",
                    "127.0.0.1", "--save", "", "--appendonly", "no").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try (Jedis jedis = awaitServer(port)) {
                writeOpenmarkLayout(jedis);
                long keys = jedis.dbSize();

                StoreConfigException e = assertThrows(StoreConfigException.class, store::newSession);

                assertTrue(e.getMessage().contains("usertable.index"), e.getMessage());
                assertEquals(keys, jedis.dbSize());
            } finally {
                server.destroyForcibly();
                server.waitFor();
            }
        }
    }

    /** A connection to the redis-server just started on {@code port}, once it answers. */
    private static Jedis awaitServer(int port) throws InterruptedException {
        for (int attempt = 0; attempt < 100; attempt++) {
            Jedis jedis = new Jedis("127.0.0.1", port);
            try {
                jedis.ping();
                return jedis;
            } catch (redis.clients.jedis.exceptions.JedisConnectionException e) {
                jedis.close();
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("redis-server did not start on port " + port);
    }
}
