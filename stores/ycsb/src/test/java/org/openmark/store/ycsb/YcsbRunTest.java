package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * Whole phases through openmark's harness over YCSB bindings, in both load models: what the binding
 * counted equals what openmark measured, status by status.
 */
class YcsbRunTest {
    private static final String OPERATIONS = "3000";

    /** A run over every operation kind, in the open model or the closed one (2 threads). */
    private static Map<String, String> mix(String model, String... more) {
        Map<String, String> p = Phases.props("store", "ycsb", "recordcount", "500", "operationcount", OPERATIONS,
                "readproportion", "0.3", "updateproportion", "0.2", "insertproportion", "0.1", "scanproportion", "0.1",
                "readmodifywriteproportion", "0.2", "deleteproportion", "0.1", "maxscanlength", "10",
                "requestdistribution", "uniform", "seed", "7", "maxerrorrate", "100%");
        if (model.equals("open")) {
            p.put("model", "open");
            p.put("rate", "20000");
        } else {
            p.put("model", "closed");
            p.put("threadcount", "2");
        }
        p.putAll(Phases.props(more));
        return p;
    }

    /** Per operation name, its count; the pre-flight ping's reads are not operations. */
    private static Map<String, Long> counts(RunResult r) {
        Map<String, Long> m = new TreeMap<>();
        for (OpResult op : r.operations()) {
            m.put(op.name(), op.count());
        }
        return m;
    }

    /**
     * BasicDB in counting mode counts every call per kind (in maps keyed by a hash of its arguments);
     * the sums must be openmark's counts. The pre-flight's pings are reads of one key: its entry is
     * left out.
     */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_basicDbCountingMode_countsPerOperationEqualOpenmarks(String model) throws Exception {
        Phases phases = new Phases();
        RunResult r = phases.run(Phase.RUN, mix(model, "ycsb.db", "site.ycsb.BasicDB", "basicdb.count", "true",
                "basicdb.verbose", "false"));

        Class<?> basic = phases.lastYcsbStore().bindingLoader().loadClass("site.ycsb.BasicDB");
        int pingHash = ("usertable" + "openmark-ping").hashCode();
        Map<String, Long> basicCounts = new TreeMap<>();
        for (String[] kind : new String[][] {{"reads", "READ"}, {"scans", "SCAN"}, {"updates", "UPDATE"},
                {"inserts", "INSERT"}, {"deletes", "DELETE"}}) {
            java.lang.reflect.Field field = basic.getDeclaredField(kind[0]);
            field.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<Integer, Integer> byHash = (Map<Integer, Integer>) field.get(null);
            long sum = byHash.entrySet().stream().filter(e -> !(kind[1].equals("READ") && e.getKey() == pingHash))
                    .mapToLong(Map.Entry::getValue).sum();
            basicCounts.put(kind[1], sum);
        }
        Map<String, Long> openmark = counts(r);

        assertEquals(Long.parseLong(OPERATIONS), r.accounting().completed());
        for (String op : basicCounts.keySet()) {
            assertEquals(basicCounts.get(op), openmark.get(op), op + ": BasicDB counted " + basicCounts
                    + ", openmark " + openmark);
        }
        assertTrue(openmark.get("READ-MODIFY-WRITE") > 0 && openmark.get("DELETE") > 0 && openmark.get("SCAN") > 0);
        assertEquals(r.accounting().completed(), r.accounting().statuses().get(Status.OK));
        assertEquals("site.ycsb.BasicDB", r.storeFacts().get("binding"));
    }

    /**
     * Every outcome StatusPerKeyDB returned, mapped by hand, is what openmark counted for that
     * operation; what openmark's statuses cannot name is in the store facts, by name.
     */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_statusPerKeyBinding_statusesMapExactly(String model) throws Exception {
        Phases phases = new Phases();
        RunResult r = phases.run(Phase.RUN, mix(model, "ycsb.db", TestBindings.name("StatusPerKeyDB"),
                "ycsb.classpath", TestBindings.jar().toString(), "readmodifywriteproportion", "0"));

        @SuppressWarnings("unchecked")
        Map<String, AtomicLong> returned = (Map<String, AtomicLong>) phases.lastYcsbStore().bindingLoader()
                .loadClass(TestBindings.name("StatusPerKeyDB")).getField("RETURNED").get(null);
        Map<String, Status> mapping = Map.ofEntries(Map.entry("OK", Status.OK), Map.entry("ERROR", Status.ERROR),
                Map.entry("NOT_FOUND", Status.NOT_FOUND), Map.entry("NOT_IMPLEMENTED", Status.NOT_IMPLEMENTED),
                Map.entry("UNEXPECTED_STATE", Status.UNEXPECTED_STATE), Map.entry("BAD_REQUEST", Status.BAD_REQUEST),
                Map.entry("FORBIDDEN", Status.ERROR), Map.entry("SERVICE_UNAVAILABLE", Status.SERVICE_UNAVAILABLE),
                Map.entry("BATCHED_OK", Status.OK), Map.entry("THROTTLED", Status.ERROR),
                Map.entry("TIMEOUT", Status.TIMEOUT), Map.entry("null", Status.ERROR), Map.entry("throws", Status.ERROR));
        Map<String, Map<Status, Long>> expected = new TreeMap<>();
        Map<String, Long> byName = new TreeMap<>();
        returned.forEach((opAndOutcome, count) -> {
            String[] parts = opAndOutcome.split(" ");
            expected.computeIfAbsent(parts[0], k -> new EnumMap<>(Status.class))
                    .merge(mapping.get(parts[1]), count.get(), Long::sum);
            byName.merge(parts[1], count.get(), Long::sum);
        });
        Map<String, Map<Status, Long>> measured = new TreeMap<>();
        for (OpResult op : r.operations()) {
            Map<Status, Long> nonZero = new EnumMap<>(Status.class);
            op.statuses().forEach((s, n) -> {
                if (n > 0) {
                    nonZero.put(s, n);
                }
            });
            measured.put(op.name(), nonZero);
        }

        assertEquals(expected, measured);
        Map<String, String> facts = r.storeFacts();
        assertEquals(String.valueOf(byName.get("FORBIDDEN")), facts.get("status.FORBIDDEN"));
        assertEquals(String.valueOf(byName.get("BATCHED_OK")), facts.get("status.BATCHED_OK"));
        assertEquals(String.valueOf(byName.get("THROTTLED")), facts.get("status.THROTTLED"));
        assertEquals(String.valueOf(byName.get("null")), facts.get("status.(none)"));
        assertEquals(String.valueOf(byName.get("throws")), facts.get("exceptions"));
        assertTrue(byName.keySet().containsAll(mapping.keySet()), "every outcome occurred: " + byName);
        assertTrue(r.accounting().addsUp(), r.accounting().toString());
    }

    /**
     * YCSB+T's closed economy over a binding with start/commit/abort: the harness's units of work
     * call the binding's methods, the transaction metrics are measured, and the validation finds
     * all the money (the binding's transactions are serializable).
     */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_closedEconomyOverTransactionalBinding_validationPassesWithTransactionMetrics(String model) {
        Phases phases = new Phases();
        Map<String, String> p = new HashMap<>(Phases.props("store", "ycsb", "ycsb.db", TestBindings.name("LockingTxnDB"),
                "ycsb.classpath", TestBindings.jar().toString(), "lockingtxn.space", "economy-" + model,
                "workload", "closed_economy", "recordcount", "200",
                "totalcash", "200000", "operationcount", "2000", "fieldcount", "3", "readproportion", "0.5",
                "readmodifywriteproportion", "0.5", "requestdistribution", "uniform", "seed", "11"));
        RunResult load = phases.run(Phase.LOAD, p);
        assertEquals(200, load.accounting().completed());
        p.putAll(model.equals("open") ? Phases.props("model", "open", "rate", "5000")
                : Phases.props("model", "closed", "threadcount", "2"));

        RunResult r = phases.run(Phase.RUN, p);

        assertNotNull(r.validation());
        assertTrue(r.validation().passed(), String.join("\n", r.validation().textLines()));
        Map<String, Long> counts = counts(r);
        assertEquals(2000L, counts.get("START"));
        assertEquals(2000L, counts.get("COMMIT"));
        assertEquals("start/commit/abort", r.storeFacts().get("txn"));
    }

    /** A binding without YCSB+T's methods: the closed economy runs without units of work, and says so. */
    @Test
    void run_closedEconomyOverBindingWithoutTransactions_noTransactionFiguresAndANote() {
        Phases phases = new Phases();
        Map<String, String> p = new HashMap<>(Phases.props("store", "ycsb", "ycsb.db",
                TestBindings.name("MissingKeyErrorDB"), "ycsb.classpath", TestBindings.jar().toString(),
                "workload", "closed_economy", "table", "economy_notxn", "recordcount", "100", "totalcash", "100000",
                "operationcount", "1000", "fieldcount", "3", "readproportion", "0.5", "readmodifywriteproportion",
                "0.5", "requestdistribution", "uniform", "seed", "11", "model", "closed", "threadcount", "1"));
        phases.run(Phase.LOAD, p);

        RunResult r = phases.run(Phase.RUN, p);

        assertTrue(r.operations().stream().noneMatch(o -> o.name().startsWith("TX-") || o.name().equals("START")
                || o.name().equals("COMMIT") || o.name().equals("ABORT")), r.operations()::toString);
        assertEquals("none", r.storeFacts().get("txn"));
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("has no transactions")), r.notes()::toString);
        assertTrue(r.validation().passed(), String.join("\n", r.validation().textLines()));
    }
}
