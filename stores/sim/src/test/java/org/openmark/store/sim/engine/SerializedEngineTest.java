package org.openmark.store.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.config.SimProperties;

/**
 * A store whose time starts at its first request: stats requests before it (a harness checking
 * the server is up, clients opening their connections) do not start or move that time.
 */
class SerializedEngineTest {
    private static final long MS = 1_000_000L;

    @Test
    void statsBeforeTheFirstRequest_doNotPutTheRunBehindItsOwnArrivals() {
        long[] now = {0};
        Clock clock = new Clock() {
            @Override
            public long nanoTime() {
                return now[0];
            }

            @Override
            public long currentTimeMillis() {
                return now[0] / MS;
            }

            @Override
            public void parkUntil(long deadlineNanos) {
                now[0] = Math.max(now[0], deadlineNanos);
            }
        };
        // 1000 ops/s at most: a request that finds the store idle waits 1 ms.
        SerializedEngine engine = new SerializedEngine(new SimEngine(SimProperties.config(StoreProperties.of(
                Map.of("sim.maxthroughput", "1000", "sim.latency", "0ms")))), clock,
                SerializedEngine.Epoch.FIRST_REQUEST);
        now[0] = 5000 * MS; // the workers took 5 s to get ready, and checked the server meanwhile
        engine.execute(new SimRequest.Stats());
        now[0] = 7000 * MS;
        engine.execute(new SimRequest.Stats());
        now[0] = 8000 * MS; // the run's first request
        SerializedEngine.Timed first = engine.execute(new SimRequest.Update("t", "k", Map.of("f", new byte[] {1})));
        assertEquals(8000 * MS, first.arrivalClockNanos(), "it arrives when it is sent, store time 0");
        long wait = ((SimReply.OpReply) first.reply()).waitNanos();
        assertEquals(true, wait <= 2 * MS, "an idle store serves it at once: waited " + wait / 1e6 + " ms");
    }
}
