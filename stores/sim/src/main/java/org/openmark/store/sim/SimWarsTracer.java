package org.openmark.store.sim;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.openmark.api.Clock;
import org.openmark.api.Status;
import org.openmark.api.WarsTracing;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.api.WarsTracing.Traced;
import org.openmark.api.WarsTracing.WarsSample;
import org.openmark.store.sim.engine.SerializedEngine;
import org.openmark.store.sim.engine.SimReply;
import org.openmark.store.sim.engine.SimRequest;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/**
 * The simulated store's own WARS delays, exactly: it knows them. The store applies a write at the
 * primary on arrival, and each secondary after the replication delay it drew; a read reads its
 * node's state on arrival; the client's whole wait comes after that. With reads to a random node
 * (sim.readpreference=random) that is a token-aware client's Cassandra: the write's coordinator (the
 * primary) applies its copy without a message, and the read's coordinator, any node, reads its
 * own. In those terms: W local 0 and W of each secondary its replication delay; A (local and
 * remote) the write's wait less its w-th node's delay (so the w-th smallest W + A is the wait);
 * R local 0; S, of the messaged nodes, the read's wait. No client leg: the client is in-process.
 */
final class SimWarsTracer {
    private final SerializedEngine engine;
    private final Clock clock;
    private final SimConfig config;
    private final Map<String, WarsSample> traced = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    SimWarsTracer(SerializedEngine engine, Clock clock, SimConfig config) {
        this.engine = engine;
        this.clock = clock;
        this.config = config;
    }

    /** Only reads to a random node are a token-aware client's reads. */
    boolean tracesDelays() {
        return config.readPreference() == ReadPreference.RANDOM && config.nodes().size() > 1;
    }

    Quorums quorums() {
        return new Quorums(config.nodes().size(), config.readAcks(), config.writeAcks());
    }

    Traced trace(String table, String key, Map<String, byte[]> values) {
        try {
            SimReply.OpReply write = call(new SimRequest.Update(table, key, new HashMap<>(values)));
            if (write.status() != Status.OK) {
                return Traced.failed("the traced write returned " + write.status());
            }
            long[] delays = engine.inspect(e -> e.newestDelays(table, key));
            SimReply.OpReply read = call(new SimRequest.Read(table, key, null));
            int n = delays.length;
            long[] sorted = delays.clone();
            java.util.Arrays.sort(sorted);
            double ackMs = (write.waitNanos() - sorted[config.writeAcks() - 1]) / 1e6;
            double[] w = new double[n - 1];
            double[] a = new double[n - 1];
            double[] r = new double[n - 1];
            double[] s = new double[n - 1];
            for (int i = 1; i < n; i++) {
                w[i - 1] = delays[i] / 1e6;
                a[i - 1] = ackMs;
                s[i - 1] = read.waitNanos() / 1e6;
            }
            List<String> others = new java.util.ArrayList<>();
            for (int i = 1; i < n; i++) {
                others.add(Integer.toString(i));
            }
            String id = Long.toString(ids.incrementAndGet());
            // the node that served the read is the engine's draw; every node reads at once (R = 0)
            traced.put(id, new WarsSample(w, a, r, s, 0, ackMs, 0, Double.NaN,
                    new WarsTracing.Nodes("0", others, "0", others), null));
            return new Traced(List.of(id), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Traced.failed("interrupted");
        }
    }

    WarsSample delays(Traced t) {
        if (t.failure() != null) {
            return WarsSample.failed(t.failure());
        }
        WarsSample sample = traced.remove(t.traceIds().get(0));
        return sample == null ? WarsSample.failed("no such trace " + t.traceIds()) : sample;
    }

    /** Serves the request and waits for its reply through the clock, as a session. */
    private SimReply.OpReply call(SimRequest request) throws InterruptedException {
        SerializedEngine.Timed timed = engine.execute(request);
        clock.parkUntil(timed.dueClockNanos());
        return (SimReply.OpReply) timed.reply();
    }
}
