package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * YCSB workload classes other than CoreWorkload, run by openmark on the in-memory store: YCSB's own
 * TimeSeriesWorkload (as workloads/tsworkloada sets it up) and a user's class given on
 * {@code ycsb.classpath}, in both load models. One openmark operation is one doInsert/doTransaction;
 * the database calls inside are counted each under its own name.
 */
class YcsbWorkloadClassTest {
    private static final String TIME_SERIES = "site.ycsb.workloads.TimeSeriesWorkload";

    /** tsworkloada's properties (YCSB ships the file), with fewer records and operations. */
    private static Map<String, String> tsworkloada(String model) {
        Map<String, String> p = Phases.props("store", "memory", "workload", TIME_SERIES, "recordcount", "2048",
                "operationcount", "3000", "fieldlength", "8", "fieldcount", "64", "tagcount", "4",
                "tagcardinality", "1,2,4,2", "sparsity", "0.0", "delayedSeries", "0.0", "delayedIntervals", "0",
                "timestampunits", "SECONDS", "timestampinterval", "60", "querytimespan", "3600",
                "readproportion", "0.10", "updateproportion", "0.00", "insertproportion", "0.90");
        p.putAll(model.equals("open") ? Phases.props("model", "open", "rate", "20000")
                : Phases.props("model", "closed", "threadcount", "2"));
        return p;
    }

    private static Map<String, OpResult> byName(RunResult r) {
        Map<String, OpResult> m = new TreeMap<>();
        r.operations().forEach(o -> m.put(o.name(), o));
        return m;
    }

    private static long count(Map<String, OpResult> ops, String name) {
        OpResult o = ops.get(name);
        return o == null ? 0 : o.count();
    }

    @Test
    void load_timeSeriesWorkload_oneInsertPerUnit() {
        RunResult r = new Phases().run(Phase.LOAD, tsworkloada("closed"));
        Map<String, OpResult> ops = byName(r);
        assertEquals(2048, count(ops, YcsbWorkload.INSERT_UNIT), ops.keySet().toString());
        assertEquals(2048, count(ops, "INSERT"), "TimeSeriesWorkload's doInsert makes one insert");
        assertEquals(2048, ops.get("INSERT").statuses().getOrDefault(Status.OK, 0L), "every insert is OK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_timeSeriesWorkload_unitsAndTheirCallsAddUp(String model) {
        RunResult r = new Phases().run(Phase.RUN, tsworkloada(model));
        Map<String, OpResult> ops = byName(r);
        long units = count(ops, YcsbWorkload.TRANSACTION_UNIT);
        assertEquals(3000, units, ops.keySet().toString());
        long reads = count(ops, "READ");
        long inserts = count(ops, "INSERT");
        assertEquals(units, reads + inserts, "one database call per tsworkloada transaction");
        assertTrue(reads > 150 && reads < 450, "readproportion 0.1 of 3000: " + reads);
        assertEquals(reads, ops.get("READ").statuses().getOrDefault(Status.OK, 0L), "the reads find the loaded series");
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_usersWorkloadClassOnClassPath_twoCallsPerUnit(String model) {
        Map<String, String> p = Phases.props("store", "memory", "workload", TestBindings.name("ReadUpdateWorkload"),
                "ycsb.classpath", TestBindings.jar().toString(), "recordcount", "40", "rw.keys", "10",
                "operationcount", "500", "fieldcount", "1");
        p.putAll(model.equals("open") ? Phases.props("model", "open", "rate", "5000")
                : Phases.props("model", "closed", "threadcount", "2"));
        RunResult r = new Phases().run(Phase.RUN, p);
        Map<String, OpResult> ops = byName(r);
        assertEquals(500, count(ops, YcsbWorkload.TRANSACTION_UNIT), ops.keySet().toString());
        assertEquals(500, ops.get("READ").statuses().getOrDefault(Status.OK, 0L), "every read finds its key");
        assertEquals(500, ops.get("UPDATE").statuses().getOrDefault(Status.OK, 0L));
        assertEquals(500, ops.get(YcsbWorkload.TRANSACTION_UNIT).statuses().getOrDefault(Status.OK, 0L));
    }

    @Test
    void run_unitWhoseReadFindsNothing_isTheReadsStatus() {
        // rw.keys beyond what the load inserted: some reads find nothing, and those units say so
        Map<String, String> p = Phases.props("store", "memory", "workload", TestBindings.name("ReadUpdateWorkload"),
                "ycsb.classpath", TestBindings.jar().toString(), "recordcount", "4", "rw.keys", "40",
                "operationcount", "400", "fieldcount", "1", "model", "closed", "threadcount", "1",
                "maxerrorrate", "100%");
        RunResult r = new Phases().run(Phase.RUN, p);
        Map<String, OpResult> ops = byName(r);
        long notFound = ops.get("READ").statuses().getOrDefault(Status.NOT_FOUND, 0L);
        assertTrue(notFound > 0, ops.get("READ").statuses().toString());
        assertEquals(notFound, ops.get(YcsbWorkload.TRANSACTION_UNIT).statuses().getOrDefault(Status.NOT_FOUND, 0L));
        assertEquals(400 - notFound, count(ops, "UPDATE"), "no update after a read that found nothing");
    }

    @Test
    void heapBudget_tsworkloadasRecordCountOnTheMemoryStore_notRefused() {
        // YCSB's fieldcount is TimeSeriesWorkload's number of metrics, not a record's fields: the class's records
        // are its own business, so the budget does not count them (it refused tsworkloada's 1,474,560 points as 6 GiB)
        Map<String, String> p = tsworkloada("closed");
        p.put("recordcount", "1474560");
        org.openmark.run.RunConfig cfg = org.openmark.run.RunConfigParser.parse(Phase.RUN,
                org.openmark.config.Settings.of(p), null, true);
        org.openmark.workload.Workload w = cfg.workload().create(org.openmark.api.Clock.system(),
                java.util.OptionalLong.of(3000));
        assertEquals(1474560, w.loadOperationCount());
        org.openmark.run.HeapBudget.check(cfg, w, true, 2, 1L << 30);
    }

    @Test
    void resolve_classThatIsNoWorkload_namesTheProperty() {
        Map<String, String> p = Phases.props("store", "memory", "workload", TestBindings.name("StatusPerKeyDB"),
                "ycsb.classpath", TestBindings.jar().toString(), "recordcount", "4", "operationcount", "4");
        ConfigException e = assertThrows(ConfigException.class, () -> new Phases().run(Phase.RUN, p));
        assertTrue(e.getMessage().contains("workload") && e.getMessage().contains("is not a YCSB workload"),
                e.getMessage());
    }

    @Test
    void resolve_misspeltWorkloadClass_saysWhereClassesGo() {
        Map<String, String> p = Phases.props("store", "memory", "workload", "site.ycsb.workloads.TimeSeriesWorkloda",
                "recordcount", "4", "operationcount", "4");
        ConfigException e = assertThrows(ConfigException.class, () -> new Phases().run(Phase.RUN, p));
        assertTrue(e.getMessage().contains("ycsb.classpath"), e.getMessage());
    }

    @Test
    void resolve_misspeltCoreWorkloadClass_suggestsIt() {
        Map<String, String> p = Phases.props("store", "memory", "workload", "site.ycsb.workloads.CoreWorklaod",
                "recordcount", "4", "operationcount", "4");
        ConfigException e = assertThrows(ConfigException.class, () -> new Phases().run(Phase.RUN, p));
        assertTrue(e.getMessage().startsWith("workload=site.ycsb.workloads.CoreWorklaod: no such workload in openmark"
                + " (core, closed_economy, trace) nor class in YCSB core 0.17.0"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(did you mean site.ycsb.workloads.CoreWorkload?)"), e.getMessage());
    }

    @Test
    void run_misspeltTimeSeriesProperty_warnedWithTheYcsbName() {
        Map<String, String> p = tsworkloada("closed");
        p.put("tagcont", p.remove("tagcount"));
        RunResult r = new Phases().run(Phase.RUN, p);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("'tagcont'") && w.contains("did you mean tagcount")),
                r.warnings().toString());
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("'querytimespan'")), r.warnings().toString());
    }
}
