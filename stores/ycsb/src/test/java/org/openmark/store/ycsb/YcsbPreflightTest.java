package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * The pre-flight over YCSB bindings: any status a binding returns is an answer (many return ERROR
 * for a missing key, where openmark's stores say NOT_FOUND), and the calls it makes are counted in
 * the result, exactly as many as the binding served.
 */
class YcsbPreflightTest {

    private static Map<String, String> props(String model, String... more) {
        Map<String, String> p = Phases.props("store", "ycsb", "recordcount", "200", "operationcount", "2000",
                "fieldcount", "3", "fieldlength", "20", "readproportion", "0.5", "updateproportion", "0.5",
                "requestdistribution", "uniform", "dataintegrity", "true", "seed", "5", "maxerrorrate", "0");
        p.putAll(model.equals("open") ? Phases.props("model", "open", "rate", "5000")
                : Phases.props("model", "closed", "threadcount", "2"));
        p.putAll(Phases.props(more));
        return p;
    }

    /** As YCSB's RedisClient: ERROR for a missing key, which the pre-flight's probe is. */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void loadAndRun_bindingAnsweringErrorForMissingKeys_runsAndVerifies(String model) {
        String binding = TestBindings.name("MissingKeyErrorDB");
        String jar = TestBindings.jar().toString();
        Phases phases = new Phases();
        RunResult load = phases.run(Phase.LOAD, props(model, "ycsb.db", binding, "ycsb.classpath", jar, "table",
                "errt" + model));
        assertEquals(200, load.accounting().statuses().get(Status.OK), load.toString());
        RunResult run = phases.run(Phase.RUN, props(model, "ycsb.db", binding, "ycsb.classpath", jar, "table",
                "errt" + model));
        // the generator's own verdict depends on how busy this machine is; the store's may not fail
        assertTrue(run.warnings().stream().noneMatch(w -> w.contains("the store failed")
                || w.contains("the store stalled") || w.contains("the store did not answer")), run.warnings().toString());
        assertEquals(run.accounting().completed(), run.accounting().statuses().get(Status.OK),
                "every read found and verified its record: " + run.accounting());
    }

    /** BasicDB counts each read by key: the pre-flight's reads of its absent key are the calls the note tells. */
    @ParameterizedTest
    @ValueSource(strings = {"open", "closed"})
    void run_preflightCalls_reportedAsTheBindingCountedThem(String model) throws Exception {
        Phases phases = new Phases();
        RunResult r = phases.run(Phase.RUN, props(model, "ycsb.db", "site.ycsb.BasicDB", "basicdb.count", "true",
                "basicdb.verbose", "false", "dataintegrity", "false", "readproportion", "0", "updateproportion", "1"));
        Class<?> basic = phases.lastYcsbStore().bindingLoader().loadClass("site.ycsb.BasicDB");
        java.lang.reflect.Field reads = basic.getDeclaredField("reads");
        reads.setAccessible(true);
        @SuppressWarnings("unchecked")
        Map<Integer, Integer> byHash = (Map<Integer, Integer>) reads.get(null);
        int pings = byHash.getOrDefault(("usertable" + "openmark-ping").hashCode(), 0);
        String note = r.notes().stream().filter(n -> n.startsWith("before anything was measured the pre-flight made"))
                .findFirst().orElseThrow(() -> new AssertionError("no pre-flight note: " + r.notes()));
        int told = Integer.parseInt(note.replaceAll("^before anything was measured the pre-flight made (\\d+) .*$", "$1"));
        assertTrue(told > 1 && told <= 1 + 300, note);
        if (model.equals("closed")) {
            assertEquals(pings, told, note);
        } else {
            // and one per session the open model opens before its schedule
            assertTrue(pings >= told && pings <= told + 32, pings + " pings; " + note);
        }
    }
}
