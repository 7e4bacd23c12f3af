package org.openmark.store.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.openmark.store.sim.engine.EngineFixtures.MS;
import static org.openmark.store.sim.engine.EngineFixtures.T;
import static org.openmark.store.sim.engine.EngineFixtures.op;
import static org.openmark.store.sim.engine.EngineFixtures.text;
import static org.openmark.store.sim.engine.EngineFixtures.value;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.sim.model.ReadPreference;

/** What each node returns at each time, and the staleness the ground truth records for it. */
class SimEngineVisibilityTest {
    private SimEngine engine;

    @BeforeEach
    void setUp() {
        engine = new SimEngine(EngineFixtures.threeNodes(ReadPreference.PRIMARY, 1));
    }

    private SimReply.OpReply readAt(int node, long atNanos) {
        return op(engine.executeAt(new SimRequest.Read(T, "k", null), atNanos, node));
    }

    @Test
    void read_atSeveralNodesAndTimes_returnsNewestVisibleVersion() {
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);       // visible: p 0, s1 10, s2 30 ms
        engine.execute(new SimRequest.Update(T, "k", value("f", "v2")), 5 * MS);  // visible: p 5, s1 15, s2 35 ms

        assertEquals("v2", text(readAt(0, 5 * MS).fields().get("f")));
        assertEquals(Status.NOT_FOUND, readAt(1, 9 * MS).status());
        assertEquals("v1", text(readAt(1, 10 * MS).fields().get("f")));
        assertEquals("v1", text(readAt(1, 14 * MS).fields().get("f")));
        assertEquals("v2", text(readAt(1, 15 * MS).fields().get("f")));
        assertEquals(Status.NOT_FOUND, readAt(2, 29 * MS).status());
        assertEquals("v1", text(readAt(2, 30 * MS).fields().get("f")));
        assertEquals("v2", text(readAt(2, 35 * MS).fields().get("f")));
    }

    @Test
    void read_staleAtSecondary_truthCountsVersionsAndMillisBehind() {
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);
        engine.execute(new SimRequest.Update(T, "k", value("f", "v2")), 5 * MS);
        readAt(0, 5 * MS);    // fresh: 0 behind
        readAt(1, 9 * MS);    // sees nothing: 2 behind, stale since the insert at 0 → 9 ms
        readAt(1, 10 * MS);   // sees v1: 1 behind, stale since v2 at 5 ms → 5 ms
        readAt(1, 15 * MS);   // sees v2: fresh

        GroundTruth truth = engine.groundTruth();
        assertEquals(4, truth.reads());
        assertEquals(2, truth.staleReads());
        assertEquals(3, truth.versionsBehind().sum());
        assertEquals(2, truth.versionsBehind().max());
        assertEquals(14 * MS, truth.stalenessNanos().sum());
        assertEquals(9 * MS, truth.stalenessNanos().max());
        assertEquals(2, truth.nodes().get(1).staleReads());
        assertEquals(0, truth.nodes().get(0).staleReads());
        TruthReport.ReadReport report = truth.report().reads();
        assertEquals(0.5, report.staleFraction());
        assertEquals(2L, report.versionsBehind().get("0"));
        assertEquals(1L, report.versionsBehind().get("1"));
        assertEquals(1L, report.versionsBehind().get("2"));
    }

    @Test
    void read_latency_isTheServingNodesLatency() {
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);
        assertEquals(1 * MS, readAt(0, 40 * MS).waitNanos());
        assertEquals(2 * MS, readAt(1, 40 * MS).waitNanos());
        assertEquals(3 * MS, readAt(2, 40 * MS).waitNanos());
    }

    @Test
    void delete_isATombstoneThatReplicatesLikeAWrite() {
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);
        assertEquals(Status.OK, op(engine.execute(new SimRequest.Delete(T, "k"), 40 * MS)).status());
        assertEquals(Status.NOT_FOUND, readAt(0, 40 * MS).status());
        assertEquals("v1", text(readAt(1, 49 * MS).fields().get("f")));   // delete reaches s1 at 50 ms
        assertEquals(Status.NOT_FOUND, readAt(1, 50 * MS).status());
        assertEquals(Status.NOT_FOUND, op(engine.execute(new SimRequest.Delete(T, "k"), 51 * MS)).status());
        assertEquals(Status.NOT_FOUND, op(engine.execute(new SimRequest.Delete(T, "never"), 51 * MS)).status());
        // Once every node has seen the tombstone, the key is forgotten entirely.
        readAt(2, 70 * MS);
        assertEquals(0, engine.versionsKept(T, "k"));
        assertEquals(true, engine.isEmpty(T));
    }

    @Test
    void delete_ofMissingKey_waitsNoReplication() {
        SimEngine w3 = new SimEngine(EngineFixtures.threeNodes(ReadPreference.PRIMARY, 3));
        assertEquals(1 * MS, op(w3.execute(new SimRequest.Delete(T, "none"), 0)).waitNanos());
    }

    @Test
    void scan_atSecondary_seesPrimarysKeysAsVisibleThere() {
        engine.execute(new SimRequest.Insert(T, "a", value("f", "a")), 0);
        engine.execute(new SimRequest.Insert(T, "b", value("f", "b")), 0);
        engine.execute(new SimRequest.Insert(T, "c", value("f", "c")), 0);
        engine.execute(new SimRequest.Delete(T, "b"), 1 * MS);              // reaches s1 at 11 ms
        engine.execute(new SimRequest.Insert(T, "d", value("f", "d")), 2 * MS); // reaches s1 at 12 ms

        assertEquals(List.of("a", "c", "d"), keys(scanAt(0, "a", 10, 2 * MS)));
        assertEquals(List.of("a", "b", "c"), keys(scanAt(1, "a", 10, 10 * MS)));
        assertEquals(List.of("a", "c"), keys(scanAt(1, "a", 10, 11 * MS)));
        assertEquals(List.of("a", "c", "d"), keys(scanAt(1, "a", 10, 12 * MS)));
        assertEquals(List.of("c", "d"), keys(scanAt(1, "b", 10, 12 * MS)));
        assertEquals(List.of("a", "c"), keys(scanAt(1, "", 2, 12 * MS)));
        assertEquals(List.of(), keys(scanAt(2, "a", 10, 12 * MS)));          // nothing reached s2 yet
        assertEquals(List.of(), keys(scanAt(0, "a", 0, 12 * MS)));
    }

    @Test
    void scan_withFieldSet_projects() {
        engine.execute(new SimRequest.Insert(T, "a", java.util.Map.of("x", new byte[] {1}, "y", new byte[] {2})), 0);
        List<Record> r = op(engine.executeAt(new SimRequest.Scan(T, "a", 5, Set.of("y")), 1, 0)).records();
        assertEquals(Set.of("y"), r.get(0).fields().keySet());
    }

    @Test
    void update_mergesFieldsAndUpserts_insertReplaces() {
        engine.execute(new SimRequest.Update(T, "k", java.util.Map.of("x", new byte[] {1})), 0);   // upsert
        engine.execute(new SimRequest.Update(T, "k", java.util.Map.of("y", new byte[] {2})), 1);
        assertEquals(Set.of("x", "y"), readAt(0, 2).fields().keySet());
        engine.execute(new SimRequest.Insert(T, "k", java.util.Map.of("z", new byte[] {3})), 3);
        assertEquals(Set.of("z"), readAt(0, 4).fields().keySet());
        SimReply.OpReply projected = op(engine.executeAt(new SimRequest.Read(T, "k", Set.of("z", "nope")), 5, 0));
        assertEquals(Set.of("z"), projected.fields().keySet());
        assertNull(readAt(0, 6).records());
    }

    @Test
    void tables_areSeparate() {
        engine.execute(new SimRequest.Insert("t1", "k", value("f", "1")), 0);
        assertEquals(Status.NOT_FOUND, op(engine.executeAt(new SimRequest.Read("t2", "k", null), 1, 0)).status());
        assertEquals(false, engine.isEmpty("t1"));
        assertEquals(true, engine.isEmpty("t2"));
    }

    @Test
    void prune_manyUpdates_keepsOnlyTheReplicationWindow() {
        for (int i = 0; i < 1000; i++) {
            engine.execute(new SimRequest.Update(T, "k", value("f", "v" + i)), i * MS);
        }
        // Writes of the last 30 ms (the slowest replica's delay) can still be unseen somewhere.
        int kept = engine.versionsKept(T, "k");
        assertEquals(31, kept, "versions kept: " + kept);
        engine.executeAt(new SimRequest.Read(T, "k", null), 2000 * MS, 0);
        assertEquals(1, engine.versionsKept(T, "k"));
    }

    @Test
    void execute_arrivalBeforePrevious_isRejected() {
        engine.execute(new SimRequest.Read(T, "k", null), 10);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> engine.execute(new SimRequest.Read(T, "k", null), 9));
    }

    private SimReply.OpReply scanAt(int node, String start, int count, long at) {
        return op(engine.executeAt(new SimRequest.Scan(T, start, count, null), at, node));
    }

    private static List<String> keys(SimReply.OpReply reply) {
        return reply.records().stream().map(Record::key).toList();
    }
}
