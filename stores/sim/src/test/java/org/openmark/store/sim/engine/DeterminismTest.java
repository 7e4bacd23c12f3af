package org.openmark.store.sim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.openmark.store.sim.engine.EngineFixtures.MS;
import static org.openmark.store.sim.engine.EngineFixtures.T;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/** Same seed and same requests at the same times → the same waits and the same ground truth. */
class DeterminismTest {

    private static SimConfig config(long seed) {
        return new SimConfig(List.of(
                new NodeSpec("p", new Distribution.TruncatedNormal(2 * MS, MS), NodeSpec.ZERO, 5000,
                        List.of(new Hiccup(100 * MS, 20 * MS, 300 * MS, 0))),
                new NodeSpec("s1", new Distribution.Exponential(MS), new Distribution.Exponential(15 * MS), 3000, List.of()),
                new NodeSpec("s2", new Distribution.Uniform(0, 4 * MS), new Distribution.Uniform(5 * MS, 60 * MS), 0,
                        List.of())),
                ReadPreference.RANDOM, 2, seed, SimConfig.DEFAULT_MAX_FRAME_BYTES, 500);
    }

    /** Runs a seeded mixed workload and returns every wait. */
    private static long[] run(SimEngine engine, long workloadSeed, int ops) {
        SplittableRandom w = new SplittableRandom(workloadSeed);
        long[] waits = new long[ops];
        long now = 0;
        for (int i = 0; i < ops; i++) {
            now += w.nextLong(2 * MS);
            String key = "user" + w.nextInt(50);
            SimRequest r = switch (w.nextInt(5)) {
                case 0 -> new SimRequest.Read(T, key, null);
                case 1 -> new SimRequest.Scan(T, key, 5, null);
                case 2 -> new SimRequest.Update(T, key, EngineFixtures.value("f", "v" + i));
                case 3 -> new SimRequest.Insert(T, key, EngineFixtures.value("g", "v" + i));
                default -> new SimRequest.Delete(T, key);
            };
            waits[i] = ((SimReply.OpReply) engine.execute(r, now)).waitNanos();
        }
        return waits;
    }

    @Test
    void execute_sameSeedSameRequests_sameWaitsAndTruth() {
        SimEngine a = new SimEngine(config(99));
        SimEngine b = new SimEngine(config(99));
        long[] waitsA = run(a, 5, 5000);
        long[] waitsB = run(b, 5, 5000);
        assertArrayEquals(waitsA, waitsB);
        assertEquals(a.groundTruth().toJson(), b.groundTruth().toJson());
        WarsSampleSet sa = a.warsSamples();
        WarsSampleSet sb = b.warsSamples();
        assertArrayEquals(sa.wNanos(), sb.wNanos());
        assertArrayEquals(sa.sNanos(), sb.sNanos());
    }

    @Test
    void execute_otherSeed_otherWaits() {
        long[] waitsA = run(new SimEngine(config(99)), 5, 2000);
        long[] waitsB = run(new SimEngine(config(100)), 5, 2000);
        assertFalse(Arrays.equals(waitsA, waitsB));
    }

    @Test
    void warsSamples_beyondLimit_keepAUniformReservoirOfTheLimit() {
        SimEngine engine = new SimEngine(config(1));
        run(engine, 6, 5000);
        WarsSampleSet s = engine.warsSamples();
        assertEquals(500, s.wNanos().length);
        assertEquals(500, s.rNanos().length);
        assertEquals(0, Arrays.stream(s.rNanos()).max().orElseThrow());
    }
}
