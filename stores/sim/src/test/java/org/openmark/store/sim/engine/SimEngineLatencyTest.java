package org.openmark.store.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.store.sim.engine.EngineFixtures.MS;
import static org.openmark.store.sim.engine.EngineFixtures.T;
import static org.openmark.store.sim.engine.EngineFixtures.op;
import static org.openmark.store.sim.engine.EngineFixtures.value;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/** Write concern, throughput limit and hiccups as they show in the waits the engine returns. */
class SimEngineLatencyTest {

    private static long writeWait(int w) {
        SimEngine engine = new SimEngine(EngineFixtures.threeNodes(ReadPreference.PRIMARY, w));
        return op(engine.execute(new SimRequest.Insert(T, "k", value("f", "v")), 0)).waitNanos();
    }

    @Test
    void write_writeConcern_addsTheWthSmallestReplicationDelay() {
        // primary latency 1 ms; replication delays 0 (primary), 10 ms, 30 ms
        assertEquals(1 * MS, writeWait(1));
        assertEquals(11 * MS, writeWait(2));
        assertEquals(31 * MS, writeWait(3));
    }

    @Test
    void write_randomDelays_waitIsAckPlusWthSmallestOfTheRecordedW() {
        SimConfig config = new SimConfig(List.of(
                new NodeSpec("p", new Distribution.Uniform(1 * MS, 2 * MS), NodeSpec.ZERO, 0, List.of()),
                new NodeSpec("s1", EngineFixtures.constMs(1), new Distribution.Exponential(10 * MS), 0, List.of()),
                new NodeSpec("s2", EngineFixtures.constMs(1), new Distribution.Exponential(20 * MS), 0, List.of()),
                new NodeSpec("s3", EngineFixtures.constMs(1), new Distribution.Uniform(0, 50 * MS), 0, List.of())),
                ReadPreference.PRIMARY, 3, 7, SimConfig.DEFAULT_MAX_FRAME_BYTES, 10_000);
        SimEngine engine = new SimEngine(config);
        int writes = 200;
        long[] waits = new long[writes];
        for (int i = 0; i < writes; i++) {
            waits[i] = op(engine.execute(new SimRequest.Update(T, "k" + i, value("f", "v")), i * MS)).waitNanos();
        }
        WarsSampleSet samples = engine.warsSamples();
        assertEquals(writes * 4, samples.wNanos().length);
        assertEquals(writes, samples.aNanos().length);
        for (int i = 0; i < writes; i++) {
            long[] w = Arrays.copyOfRange(samples.wNanos(), 4 * i, 4 * i + 4);
            assertEquals(0, w[0], "the primary holds a write at once");
            Arrays.sort(w);
            assertEquals(samples.aNanos()[i] + w[2], waits[i], "write " + i);
        }
    }

    @Test
    void write_underThroughputLimit_queuesBehindEarlierRequests() {
        SimEngine engine = new SimEngine(EngineFixtures.primaryOnly(EngineFixtures.constMs(2), 1000, List.of()));
        assertEquals(2 * MS, op(engine.execute(new SimRequest.Insert(T, "a", value("f", "v")), 0)).waitNanos());
        assertEquals(3 * MS, op(engine.execute(new SimRequest.Insert(T, "b", value("f", "v")), 0)).waitNanos());
        assertEquals(4 * MS, op(engine.execute(new SimRequest.Read(T, "a", null), 0)).waitNanos());
        GroundTruth truth = engine.groundTruth();
        assertEquals(0, truth.operation(SimOp.INSERT).queueingNanos().histogram().getMinValue());
        assertEquals(1 * MS, truth.operation(SimOp.INSERT).queueingNanos().max());
        assertEquals(2 * MS, truth.operation(SimOp.READ).queueingNanos().max());
        assertEquals(3 * MS, truth.nodes().get(0).queueingNanosTotal());
        assertEquals(3.0, truth.nodes().get(0).maxOutstandingRequests(), 1e-9);
    }

    @Test
    void read_duringHiccup_waitsLatencyPlusQueueing() {
        SimEngine engine = new SimEngine(EngineFixtures.primaryOnly(EngineFixtures.constMs(1), 1000,
                List.of(Hiccup.once(10 * MS, 50 * MS))));
        assertEquals(1 * MS, op(engine.execute(new SimRequest.Read(T, "a", null), 5 * MS)).waitNanos());
        // C = max(0, 1 - 5) + 1000/s * 50 ms = 50 → T = 50 ms
        assertEquals(51 * MS, op(engine.execute(new SimRequest.Read(T, "a", null), 10 * MS)).waitNanos());
        // C = 51 - 20 = 31 → T = 31 ms
        assertEquals(32 * MS, op(engine.execute(new SimRequest.Read(T, "a", null), 30 * MS)).waitNanos());
        assertEquals(50 * MS, engine.groundTruth().nodes().get(0).hiccupNanos());
    }

    @Test
    void readPreference_secondary_neverServesFromThePrimary() {
        SimEngine engine = new SimEngine(EngineFixtures.threeNodes(ReadPreference.SECONDARY, 1));
        for (int i = 0; i < 200; i++) {
            engine.execute(new SimRequest.Read(T, "k", null), i);
        }
        List<NodeTruth> nodes = engine.groundTruth().nodes();
        assertEquals(0, nodes.get(0).reads());
        assertEquals(200, nodes.get(1).reads() + nodes.get(2).reads());
        assertTrue(nodes.get(1).reads() > 50 && nodes.get(2).reads() > 50, nodes.toString());
    }

    @Test
    void readPreference_random_servesFromEveryNode() {
        SimEngine engine = new SimEngine(EngineFixtures.threeNodes(ReadPreference.RANDOM, 1));
        for (int i = 0; i < 300; i++) {
            engine.execute(new SimRequest.Scan(T, "", 1, null), i);
        }
        for (NodeTruth n : engine.groundTruth().nodes()) {
            assertTrue(n.scans() > 60, n.toString());
        }
    }

    @Test
    void readPreference_nearest_picksTheLowestMeanLatency() {
        SimConfig config = new SimConfig(List.of(
                new NodeSpec("p", EngineFixtures.constMs(5), NodeSpec.ZERO, 0, List.of()),
                new NodeSpec("far", EngineFixtures.constMs(9), EngineFixtures.constMs(1), 0, List.of()),
                new NodeSpec("near", new Distribution.Exponential(2 * MS), EngineFixtures.constMs(1), 0, List.of())),
                ReadPreference.NEAREST, 1, 1, SimConfig.DEFAULT_MAX_FRAME_BYTES, 10);
        SimEngine engine = new SimEngine(config);
        for (int i = 0; i < 10; i++) {
            engine.execute(new SimRequest.Read(T, "k", null), i);
        }
        assertEquals(10, engine.groundTruth().nodes().get(2).reads());
    }

    @Test
    void groundTruth_opLatencies_areExactSumsOfWaits() {
        SimEngine engine = new SimEngine(EngineFixtures.threeNodes(ReadPreference.PRIMARY, 2));
        long sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += op(engine.execute(new SimRequest.Update(T, "k", value("f", "v")), i * MS)).waitNanos();
        }
        OpTruth updates = engine.groundTruth().operation(SimOp.UPDATE);
        assertEquals(10, updates.count());
        assertEquals(sum, updates.latencyNanos().sum());
        assertEquals(110 * MS, sum);
        assertEquals(10L, updates.statuses().get(org.openmark.api.Status.OK));
        assertEquals(0, engine.groundTruth().operation(SimOp.DELETE).count());
    }
}
