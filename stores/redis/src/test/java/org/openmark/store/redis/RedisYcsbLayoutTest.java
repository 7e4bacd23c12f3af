package org.openmark.store.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;
import org.openmark.workload.generator.Fnv64;
import redis.clients.jedis.Jedis;

/**
 * One data layout with YCSB's RedisClient, against a real server: records a plain connection writes
 * exactly as RedisClient writes them are read by openmark's workload with data integrity, and are
 * not loaded a second time; records openmark loads are read by a plain connection exactly as
 * RedisClient reads them, and verify.
 */
@Tag("integration")
class RedisYcsbLayoutTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");
    private static final int RECORDS = 200;
    private static final int FIELDS = 4;
    private static final int FIELD_LENGTH = 40;

    @BeforeEach
    void emptyDatabase() {
        RedisTestDatabases.flush(SERVER, RedisTestDatabases.YCSB_INTEROP);
    }

    private static Jedis connect() {
        return RedisTestDatabases.connect(SERVER, RedisTestDatabases.YCSB_INTEROP);
    }

    /** A workload as a YCSB property file gives it, with YCSB's redis.* names and data integrity on. */
    private static Map<String, String> workload(String... pairs) {
        Map<String, String> base = WorkloadRuns.with(SERVER.properties().asMap(), "store", "redis",
                "redis.database", Integer.toString(RedisTestDatabases.YCSB_INTEROP), "redis.timeout", "3000",
                "redis.cluster", "false", "recordcount", Integer.toString(RECORDS), "fieldcount",
                Integer.toString(FIELDS), "fieldlength", Integer.toString(FIELD_LENGTH), "dataintegrity", "true",
                "operationcount", "2000", "readproportion", "0.5", "updateproportion", "0.2", "scanproportion",
                "0.2", "readmodifywriteproportion", "0.1", "insertproportion", "0", "maxscanlength", "20",
                "requestdistribution", "zipfian", "threadcount", "2", "model", "closed", "seed", "3");
        return WorkloadRuns.with(base, pairs);
    }

    /** Record {@code i}'s key as YCSB names it (insertorder=hashed, zeropadding=1). */
    private static String key(int i) {
        return "user" + Fnv64.hash(i);
    }

    /**
     * YCSB's data integrity value, built here from its definition: {@code key:field}, then ':' and
     * the hashCode of the text so far until it is long enough, cut to the length.
     */
    private static String ycsbValue(String key, String field) {
        StringBuilder text = new StringBuilder().append(key).append(':').append(field);
        while (text.length() < FIELD_LENGTH) {
            text.append(':').append(text.toString().hashCode());
        }
        text.setLength(FIELD_LENGTH);
        return text.toString();
    }

    /** Writes the records as YCSB's RedisClient inserts them: HMSET of the strings, then ZADD _indices hashCode key. */
    private static void loadAsYcsb(Jedis jedis) {
        for (int i = 0; i < RECORDS; i++) {
            String key = key(i);
            Map<String, String> fields = new HashMap<>();
            for (int f = 0; f < FIELDS; f++) {
                fields.put("field" + f, ycsbValue(key, "field" + f));
            }
            assertEquals("OK", jedis.hmset(key, fields));
            jedis.zadd("_indices", key.hashCode(), key);
        }
    }

    private static void assertAllOk(RunResult run, String name) {
        OpResult op = WorkloadRuns.operation(run, name);
        assertTrue(op.count() > 0, name + ": none ran");
        assertEquals(Map.of(Status.OK, op.count()), op.statuses(), name + " " + run.warnings());
    }

    @Test
    void run_onRecordsYcsbLoaded_everyOperationOkAndNothingLoadedAgain() {
        long before;
        try (Jedis jedis = connect()) {
            loadAsYcsb(jedis);
            before = jedis.dbSize();
        }
        assertEquals(RECORDS + 1, before, "the records and _indices");

        RunResult run = WorkloadRuns.run(Phase.RUN, workload());

        assertFalse(run.notes().stream().anyMatch(note -> note.contains("was empty")), run.notes().toString());
        assertAllOk(run, "READ");
        assertAllOk(run, "SCAN");
        assertAllOk(run, "UPDATE");
        assertAllOk(run, "READ-MODIFY-WRITE");
        assertEquals(0L, run.accounting().statuses().getOrDefault(Status.UNEXPECTED_STATE, 0L));
        assertTrue(run.operations().stream().filter(org.openmark.run.OpResult::dataCheck)
                .allMatch(o -> o.statuses().keySet().stream().allMatch(Status::isOk)), "a value that did not verify"
                + " ([VERIFY]): " + run.warnings());
        try (Jedis jedis = connect()) {
            assertEquals(before, jedis.dbSize(), "no second copy");
            for (int i = 0; i < RECORDS; i++) {
                assertEquals(ycsbValue(key(i), "field1"), jedis.hget(key(i), "field1"), "updates wrote YCSB's values");
            }
        }
    }

    @Test
    void load_readBackAsYcsbsRedisClientReads_everyValueVerifies() {
        RunResult load = WorkloadRuns.run(Phase.LOAD, workload());
        assertEquals(Map.of(Status.OK, (long) RECORDS), load.accounting().statuses());

        try (Jedis jedis = connect()) {
            assertEquals(RECORDS + 1, jedis.dbSize());
            assertEquals(RECORDS, jedis.zcard("_indices"));
            for (int i = 0; i < RECORDS; i++) {
                String key = key(i);
                assertEquals((double) key.hashCode(), jedis.zscore("_indices", key), key);
                // RedisClient.read: HGETALL key, each string a value of one byte per char
                Map<String, String> record = jedis.hgetAll(key);
                assertEquals(FIELDS, record.size(), key);
                record.forEach((field, value) -> assertEquals(ycsbValue(key, field), value, key + " " + field));
            }
        }
    }

    @Test
    void scan_sameRecordsAsYcsbsScan() {
        WorkloadRuns.run(Phase.LOAD, workload());
        try (RedisStore store = new RedisStoreFactory().open(SERVER.properties("redis.database="
                + RedisTestDatabases.YCSB_INTEROP)); Session session = store.newSession(); Jedis jedis = connect()) {
            for (int i = 0; i < RECORDS; i += 17) {
                String start = key(i);
                List<Record> scanned = new ArrayList<>();
                assertEquals(Status.OK, session.scan("usertable", start, 10, null, scanned));

                // RedisClient.scan: ZRANGEBYSCORE _indices hash(startkey) +inf LIMIT 0 count, then a read per key
                List<String> ycsb = jedis.zrangeByScore("_indices", start.hashCode(), Double.POSITIVE_INFINITY, 0, 10);
                assertEquals(ycsb, scanned.stream().map(Record::key).toList(), "scan from " + start);
                for (Record record : scanned) {
                    Map<String, String> read = jedis.hgetAll(record.key());
                    assertEquals(read.keySet(), record.fields().keySet());
                    record.fields().forEach((field, value) -> assertEquals(read.get(field),
                            new String(value, java.nio.charset.StandardCharsets.ISO_8859_1)));
                }
            }
        }
    }

    @Test
    void run_onEmptyDatabase_loadsOnceThenRuns() {
        RunResult run = WorkloadRuns.run(Phase.RUN, workload());

        assertTrue(run.notes().stream().anyMatch(note -> note.contains("was empty: loaded " + RECORDS)),
                run.notes().toString());
        assertAllOk(run, "READ");
        try (Jedis jedis = connect()) {
            assertEquals(RECORDS + 1, jedis.dbSize());
        }
    }
}
