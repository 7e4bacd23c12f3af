package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;
import org.openmark.store.contract.ServicesFixture;
import redis.clients.jedis.Jedis;

/**
 * A real client written against {@code site.ycsb.DB} (RespRedisDB, its own RESP code) run through
 * the adapter against the real Redis server the suite starts, with data integrity checked on every
 * read, in both load models; the same workload through openmark's native redis store must leave the
 * same records. The run phase updates but does not insert: which keys a run inserts depends on
 * timing with several clients (a key is drawn again when its insert has not finished), so only a
 * run without inserts leaves records that two runs can be compared on. The load inserts them all.
 * The native store keeps YCSB's layout, which has no tables (a record is a hash named by its key,
 * every key in {@code _indices}): each load model's native runs get a database of their own.
 */
@Tag("integration")
class YcsbRedisTest {
    @RegisterExtension
    static final ServicesFixture SERVER = ServicesFixture.of("redis");

    private static Map<String, String> workload(String store, String table, String model) {
        Map<String, String> p = new HashMap<>(SERVER.properties().asMap());
        if (store.equals("redis")) {
            p.put("redis.database", Integer.toString(nativeDatabase(model)));
        }
        p.putAll(Phases.props("store", store, "table", table, "recordcount", "300", "operationcount", "2000",
                "fieldcount", "4", "fieldlength", "40", "dataintegrity", "true", "readproportion", "0.45",
                "updateproportion", "0.3", "insertproportion", "0", "scanproportion", "0.15",
                "readmodifywriteproportion", "0.1", "maxscanlength", "20", "requestdistribution", "zipfian",
                "seed", "3", "maxerrorrate", "0"));
        if (store.equals("ycsb")) {
            p.put("ycsb.db", TestBindings.name("RespRedisDB"));
            p.put("ycsb.classpath", TestBindings.jar().toString());
        }
        p.putAll(model.equals("open") ? Phases.props("model", "open", "rate", "4000")
                : Phases.props("model", "closed", "threadcount", "2"));
        return p;
    }

    /** The database the native store's runs in one load model use (the adapter's binding uses database 0). */
    private static int nativeDatabase(String model) {
        return model.equals("open") ? 5 : 6;
    }

    /** Every record of a table in a database, by key, its fields as text (the values are ASCII with data integrity). */
    private static Map<String, Map<String, String>> records(int database, String indexKey, String recordPrefix) {
        Map<String, String> p = SERVER.properties().asMap();
        Map<String, Map<String, String>> out = new TreeMap<>();
        try (Jedis jedis = new Jedis(p.get("redis.host"), Integer.parseInt(p.get("redis.port")))) {
            jedis.select(database);
            List<String> keys = jedis.zrange(indexKey, 0, -1);
            for (String key : keys) {
                Map<String, String> fields = new TreeMap<>();
                jedis.hgetAll((recordPrefix + key).getBytes(StandardCharsets.UTF_8)).forEach((f, v) -> fields.put(
                        new String(f, StandardCharsets.UTF_8), new String(v, StandardCharsets.ISO_8859_1)));
                out.put(key, fields);
            }
        }
        return out;
    }

    private static void assertClean(RunResult r, String what) {
        assertTrue(r.accounting().addsUp(), what + ": " + r.accounting());
        assertEquals(r.accounting().completed(), r.accounting().statuses().getOrDefault(Status.OK, 0L)
                + r.accounting().statuses().getOrDefault(Status.NOT_FOUND, 0L), what + " had failures: "
                + r.accounting().statuses() + " " + r.warnings());
        assertEquals(0L, r.accounting().statuses().getOrDefault(Status.UNEXPECTED_STATE, 0L), what);
        assertTrue(r.operations().stream().filter(org.openmark.run.OpResult::dataCheck)
                .allMatch(o -> o.statuses().keySet().stream().allMatch(Status::isOk)), "a value that did not verify"
                + " ([VERIFY]): " + r.warnings());
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void loadAndRun_bindingAndNativeStore_sameRecordContents(String model) {
        String adapterTable = "ycsb_" + model;
        String nativeTable = "native_" + model;
        Phases phases = new Phases();
        try (Jedis jedis = new Jedis(SERVER.properties().get("redis.host"),
                Integer.parseInt(SERVER.properties().get("redis.port")))) {
            jedis.select(nativeDatabase(model));
            jedis.flushDB();
        }

        RunResult load = phases.run(Phase.LOAD, workload("ycsb", adapterTable, model));
        RunResult run = phases.run(Phase.RUN, workload("ycsb", adapterTable, model));
        assertClean(load, "adapter load");
        assertClean(run, "adapter run");
        assertEquals(300, load.accounting().completed());
        assertTrue(run.operations().stream().anyMatch(op -> op.name().equals("SCAN") && op.count() > 0));

        assertClean(phases.run(Phase.LOAD, workload("redis", nativeTable, model)), "native load");
        assertClean(phases.run(Phase.RUN, workload("redis", nativeTable, model)), "native run");

        Map<String, Map<String, String>> viaAdapter = records(0, "ycsbtest:" + adapterTable,
                "ycsbtest:" + adapterTable + ":");
        // YCSB's layout: every key in _indices, each record the hash named by its key alone
        Map<String, Map<String, String>> viaNative = records(nativeDatabase(model), "_indices", "");
        assertEquals(300, viaAdapter.size());
        assertTrue(viaAdapter.values().stream().allMatch(fields -> fields.size() == 4), "every field written");
        assertEquals(viaNative.keySet(), viaAdapter.keySet());
        assertEquals(viaNative, viaAdapter);
    }
}
