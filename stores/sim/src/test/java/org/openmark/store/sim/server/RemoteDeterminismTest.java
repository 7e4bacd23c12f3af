package org.openmark.store.sim.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.SimStoreFactory;
import org.openmark.store.sim.config.YamlSimConfig;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.testing.FakeClock;

/** Over TCP too: the same seed and the same requests at the same times give the same waits and truth. */
class RemoteDeterminismTest {
    private static final long MS = 1_000_000L;

    private static SimConfig config(long seed) {
        return YamlSimConfig.parse("""
                client: {readPreference: random, writeConcern: majority, seed: %d}
                nodes:
                  - {latency: 'normal(2ms, 1ms)', maxThroughput: 800, hiccups: [{start: 50ms, duration: 30ms, period: 200ms}]}
                  - {latency: 'exp(1ms)', replicationDelay: 'exp(15ms)'}
                  - {latency: 'uniform(0ms, 3ms)', replicationDelay: 'uniform(5ms, 40ms)', maxThroughput: 500}
                """.formatted(seed), null);
    }

    /** Runs a seeded workload; returns the client's wait deadlines and the server's truth JSON. */
    private static List<Object> run(long seed) throws Exception {
        FakeClock serverClock = new FakeClock();
        FakeClock clientClock = new FakeClock();
        try (SimServer server = SimServer.start(config(seed), null, 0, serverClock);
                Store store = new SimStoreFactory().open(StoreProperties.of(Map.of("sim.port",
                        Integer.toString(server.port()), "sim.connections", "1")), clientClock)) {
            Session s = store.newSession();
            SplittableRandom w = new SplittableRandom(11);
            for (int i = 0; i < 400; i++) {
                serverClock.advance(w.nextLong(3 * MS));
                String key = "k" + w.nextInt(20);
                switch (w.nextInt(4)) {
                    case 0 -> s.read("t", key, null, new HashMap<>());
                    case 1 -> s.update("t", key, Map.of("f", new byte[] {(byte) i}));
                    case 2 -> s.scan("t", key, 3, null, new java.util.ArrayList<>());
                    default -> s.delete("t", key);
                }
            }
            return List.of(clientClock.parkDeadlines(), server.groundTruth().toJson());
        }
    }

    @Test
    void remote_sameSeedSameRequests_sameWaitsAndTruth() throws Exception {
        List<Object> a = run(8);
        List<Object> b = run(8);
        assertEquals(a, b);
        assertNotEquals(a, run(9));
    }
}
