package org.openmark.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;
import java.util.Comparator;
import org.openmark.api.StoreProperties;
import org.openmark.store.contract.ServicesFixture;
import redis.clients.jedis.Jedis;

/**
 * Which database of the throwaway test server each kind of test uses, so that the two layouts
 * never meet in one database (a store refuses a database holding the other layout's index), and
 * plain connections to them.
 */
final class RedisTestDatabases {
    /** openmark's layout: its contract, image and layout tests. */
    static final int OPENMARK_LAYOUT = 1;
    /** Images in YCSB's layout. */
    static final int YCSB_IMAGES = 2;
    /** Runs of openmark's workload on data in YCSB's layout. */
    static final int YCSB_INTEROP = 3;
    /** Databases holding a foreign layout, one per refusal test. */
    static final int REFUSALS = 4;
    /** Runs of one seeded workload through the blocking and the pipelined sessions. */
    static final int PIPELINED_RUNS = 5;

    /** YCSB's scan order: the empty key first, then by hashCode (the score), then by the key's bytes. */
    static final Comparator<String> YCSB_SCAN_ORDER = Comparator.<String, Boolean>comparing(key -> !key.isEmpty())
            .thenComparingInt(String::hashCode)
            .thenComparing(key -> key.getBytes(UTF_8), Arrays::compareUnsigned);

    private RedisTestDatabases() {
    }

    /** A plain connection to {@code database} of the fixture's server. */
    static Jedis connect(ServicesFixture server, int database) {
        StoreProperties p = server.properties();
        Jedis jedis = new Jedis(p.get("redis.host"), Integer.parseInt(p.get("redis.port")));
        jedis.select(database);
        return jedis;
    }

    /** Empties one database of the fixture's (throwaway) server. */
    static void flush(ServicesFixture server, int database) {
        try (Jedis jedis = connect(server, database)) {
            jedis.flushDB();
        }
    }

    /** The fixture's properties for openmark's layout in its own database, plus {@code key=value} pairs. */
    static StoreProperties openmarkLayout(ServicesFixture server, String... keyValues) {
        String[] all = Arrays.copyOf(keyValues, keyValues.length + 2);
        all[keyValues.length] = "redis.layout=openmark";
        all[keyValues.length + 1] = "redis.database=" + OPENMARK_LAYOUT;
        return server.properties(all);
    }
}
