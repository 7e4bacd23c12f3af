package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.PassedOnNames;
import org.openmark.api.StoreProperties;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * Through the adapter, a property that neither openmark, YCSB's core nor the binding knows gets the
 * warning a native run gives, with the closest name; the binding's and YCSB's own are noted as passed on.
 */
class YcsbPropertyWarningsTest {

    private static Map<String, String> basicDb(String... more) {
        Map<String, String> p = Phases.props("store", "ycsb", "ycsb.db", "site.ycsb.BasicDB", "recordcount", "50",
                "operationcount", "200", "model", "closed", "threadcount", "1");
        p.putAll(Phases.props(more));
        return p;
    }

    @Test
    void run_misspeltPropertiesThroughTheAdapter_warnedWithTheClosestName() {
        RunResult r = new Phases().run(Phase.RUN, basicDb("fieldcont", "3", "basicdb.verbose", "false",
                "measurement.trackjvm", "false", "hots", "h1", "mongodb.url", "mongodb://nowhere"));
        List<String> warnings = r.warnings();
        assertTrue(warnings.contains("unknown property 'fieldcont' is ignored (did you mean fieldcount?)"),
                warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("unknown property 'hots' is ignored")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("unknown property 'mongodb.url' is ignored")),
                "BasicDB is no MongoDB binding: " + warnings);
        assertTrue(warnings.stream().noneMatch(w -> w.contains("'basicdb.verbose'") || w.contains("'measurement.trackjvm'")),
                warnings.toString());
        assertTrue(r.notes().contains("properties openmark does not read, passed to the store's binding only:"
                + " basicdb.verbose, measurement.trackjvm"), r.notes().toString());
    }

    @Test
    void passedOnNames_declaredConstantsOfCoreAndBinding_andTheBindingsPrefix() {
        PassedOnNames names = new YcsbStoreFactory().passedOnNames(StoreProperties.of(Map.of("ycsb.db",
                "site.ycsb.BasicDB", "basicdb.anything", "x", "redis.host", "h")));
        // BasicDB's constants, YCSB's core ones (CoreWorkload, Measurements), and BasicDB's prefix
        assertTrue(names.names().containsAll(List.of("basicdb.verbose", "basicdb.simulatedelay", "fieldcount",
                "measurementtype", "measurement.interval")), names.names().toString());
        assertTrue(names.knows("basicdb.anything"));
        assertEquals(false, names.knows("redis.host"), "not BasicDB's prefix");
    }

    @Test
    void passedOnNames_bindingClassMissing_everyNameMayBeItsOwn() {
        PassedOnNames names = new YcsbStoreFactory().passedOnNames(StoreProperties.of(Map.of("ycsb.db",
                "site.ycsb.db.NoSuchClient")));
        assertEquals(PassedOnNames.ANY, names);
    }
}
