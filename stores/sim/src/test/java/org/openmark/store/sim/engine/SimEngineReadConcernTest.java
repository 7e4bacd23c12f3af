package org.openmark.store.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.store.sim.engine.EngineFixtures.MS;
import static org.openmark.store.sim.engine.EngineFixtures.T;
import static org.openmark.store.sim.engine.EngineFixtures.op;
import static org.openmark.store.sim.engine.EngineFixtures.text;
import static org.openmark.store.sim.engine.EngineFixtures.value;

import org.junit.jupiter.api.Test;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/**
 * Reads at a read concern r > 1 (issue 49): r distinct random nodes, the newest version any holds,
 * answered when the slowest answered. The fixture's three nodes: primary (latency 1 ms), s1 (2 ms,
 * replication 10 ms), s2 (3 ms, replication 30 ms).
 */
class SimEngineReadConcernTest {

    private static SimEngine engine(int readAcks) {
        SimConfig three = EngineFixtures.threeNodes(ReadPreference.RANDOM, 1);
        return new SimEngine(new SimConfig(three.nodes(), ReadPreference.RANDOM, 1, 42, three.maxFrameBytes(),
                three.sampleLimit(), readAcks));
    }

    /**
     * v1 at 0, v2 at 5 ms (visible at p 5, s1 15, s2 35 ms). At 12 ms two nodes of three: {p, s1}
     * and {p, s2} give v2 (the primary's), {s1, s2} gives v1 (s1's; s2 has none): a third of the
     * reads, each waiting 3 ms (s2's latency, the slower); v2 waits 2 ms ({p, s1}) or 3 ms ({p, s2}).
     */
    @Test
    void read_twoOfThreeNodes_newestOfThePairAnsweredByTheSlower() {
        SimEngine engine = engine(2);
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);
        engine.execute(new SimRequest.Update(T, "k", value("f", "v2")), 5 * MS);
        int reads = 3000;
        int v1 = 0;
        for (int i = 0; i < reads; i++) {
            SimReply.OpReply r = op(engine.execute(new SimRequest.Read(T, "k", null), 12 * MS));
            String seen = text(r.fields().get("f"));
            if (seen.equals("v1")) {
                v1++;
                assertEquals(3 * MS, r.waitNanos(), "{s1, s2}: the slower is s2");
            } else {
                assertEquals("v2", seen);
                assertTrue(r.waitNanos() == 2 * MS || r.waitNanos() == 3 * MS, () -> "wait " + r.waitNanos());
            }
        }
        double share = v1 / (double) reads;
        double fourSigma = 4 * Math.sqrt((1.0 / 3) * (2.0 / 3) / reads);
        assertEquals(1.0 / 3, share, fourSigma, "a third of the pairs leave the primary out");
    }

    @Test
    void read_allThreeNodes_alwaysTheNewest_waitingForTheSlowest() {
        SimEngine engine = engine(3);
        engine.execute(new SimRequest.Insert(T, "k", value("f", "v1")), 0);
        engine.execute(new SimRequest.Update(T, "k", value("f", "v2")), 5 * MS);
        for (int i = 0; i < 100; i++) {
            SimReply.OpReply r = op(engine.execute(new SimRequest.Read(T, "k", null), 6 * MS));
            assertEquals("v2", text(r.fields().get("f")));
            assertEquals(3 * MS, r.waitNanos());
        }
    }

    @Test
    void config_readConcernAboveOneWithoutRandomReads_refused() {
        SimConfig three = EngineFixtures.threeNodes(ReadPreference.PRIMARY, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SimConfig(three.nodes(),
                ReadPreference.PRIMARY, 1, 42, three.maxFrameBytes(), three.sampleLimit(), 2));
        assertTrue(e.getMessage().contains("random"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SimConfig(three.nodes(), ReadPreference.RANDOM, 1, 42,
                three.maxFrameBytes(), three.sampleLimit(), 4));
    }
}
