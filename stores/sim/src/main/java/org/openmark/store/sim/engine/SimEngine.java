package org.openmark.store.sim.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.openmark.api.Record;
import org.openmark.api.Status;
import org.openmark.store.sim.model.KeyHistory;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.model.ThroughputLimiter;
import org.openmark.store.sim.model.Version;

/**
 * The simulated replicated store: one consistent state in one place, so it knows exactly what
 * every node sees at any time. Pure and deterministic: it never reads a clock and never sleeps;
 * each request carries its arrival time (nanoseconds since the store started, never
 * decreasing) and the reply carries how long the client must wait. Not thread-safe: callers
 * serialize (see {@link SerializedEngine}).
 *
 * <p>Per request the engine draws, in this order: the serving node (random read preferences
 * only), that node's client latency, and for an applied write one replication delay per
 * secondary. Same seed and same requests at the same times give the same replies.
 */
public final class SimEngine {
    private final SimConfig config;
    private final NodeSpec[] nodes;
    private final ThroughputLimiter[] limiters;
    private final SplittableRandom random;
    private final int nearestNode;
    private final Map<String, TreeMap<String, KeyHistory>> tables = new HashMap<>();
    private final TruthRecorder truth;
    private final WarsSamples samples;
    private long lastArrivalNanos;

    /** A fresh, empty store. */
    public SimEngine(SimConfig config) {
        this.config = config;
        this.nodes = config.nodes().toArray(NodeSpec[]::new);
        this.limiters = new ThroughputLimiter[nodes.length];
        int nearest = 0;
        for (int i = 0; i < nodes.length; i++) {
            limiters[i] = new ThroughputLimiter(nodes[i].maxOpsPerSecond(), nodes[i].hiccups());
            if (nodes[i].latency().expectedNanos() < nodes[nearest].latency().expectedNanos()) {
                nearest = i;
            }
        }
        this.nearestNode = nearest;
        this.random = new SplittableRandom(config.seed());
        this.truth = new TruthRecorder(config.seed(), config.nodes());
        this.samples = new WarsSamples(config.sampleLimit(), config.seed());
    }

    /** Serves one request arriving at {@code arrivalNanos} (since the store started; never decreasing). */
    public SimReply execute(SimRequest request, long arrivalNanos) {
        if (request instanceof SimRequest.Stats) {
            // A look at the ground truth, not a request the store serves: it takes no time and
            // does not move the store's clock (a harness may ask before the store's time starts).
            return new SimReply.StatsReply(groundTruth().report().toCompactJson());
        }
        if (arrivalNanos < lastArrivalNanos) {
            throw new IllegalArgumentException("arrival " + arrivalNanos + " ns is before the previous one, "
                    + lastArrivalNanos + " ns");
        }
        lastArrivalNanos = arrivalNanos;
        return switch (request) {
            case SimRequest.Read r -> config.readAcks() > 1 ? readQuorum(r, arrivalNanos)
                    : read(r, arrivalNanos, chooseReadNode());
            case SimRequest.Scan s -> scan(s, arrivalNanos, chooseReadNode());
            case SimRequest.Update u -> write(SimOp.UPDATE, u.table(), u.key(), u.values(), arrivalNanos);
            case SimRequest.Insert i -> write(SimOp.INSERT, i.table(), i.key(), i.values(), arrivalNanos);
            case SimRequest.Delete d -> write(SimOp.DELETE, d.table(), d.key(), null, arrivalNanos);
            case SimRequest.Stats s -> new SimReply.StatsReply(groundTruth().report().toCompactJson());
        };
    }

    /** Serves a read or scan at the given node, whatever the read preference (for tests of visibility). */
    SimReply executeAt(SimRequest request, long arrivalNanos, int node) {
        if (arrivalNanos < lastArrivalNanos) {
            throw new IllegalArgumentException("arrival " + arrivalNanos + " ns is before the previous one");
        }
        lastArrivalNanos = arrivalNanos;
        return switch (request) {
            case SimRequest.Read r -> read(r, arrivalNanos, node);
            case SimRequest.Scan s -> scan(s, arrivalNanos, node);
            default -> throw new IllegalArgumentException("only reads and scans choose a node: " + request);
        };
    }

    private SimReply read(SimRequest.Read request, long now, int node) {
        long latencyNanos = nodes[node].latency().sampleNanos(random);
        long queueNanos = limiters[node].admit(now);
        TreeMap<String, KeyHistory> table = tables.get(request.table());
        KeyHistory history = table == null ? null : table.get(request.key());
        Status status = Status.NOT_FOUND;
        Map<String, byte[]> fields = null;
        long behind = 0;
        long staleNanos = 0;
        if (history != null) {
            history.prune(now);
            Version seen = history.visibleAt(node, now);
            long seenSeq = seen == null ? 0 : seen.seq();
            behind = history.newestSeq() - seenSeq;
            Version missed = history.firstAfter(seenSeq);
            staleNanos = missed == null ? 0 : now - missed.writeNanos();
            if (seen != null && !seen.isTombstone()) {
                status = Status.OK;
                fields = Projection.of(seen.fields(), request.fields());
            }
            if (history.isForgettable(now)) {
                table.remove(request.key());
            }
        }
        long waitNanos = latencyNanos + queueNanos;
        truth.recordRead(node, status, waitNanos, queueNanos, behind, staleNanos);
        samples.recordRead(waitNanos);
        return new SimReply.OpReply(status, waitNanos, fields, null);
    }

    /**
     * A read at read concern r > 1: r distinct random nodes each read on arrival (each one's latency
     * drawn, in the order drawn); the newest version any of them holds is the answer, which comes
     * when the slowest of them answered. Recorded in the ground truth once, at the node whose copy
     * answered.
     */
    private SimReply readQuorum(SimRequest.Read request, long now) {
        int r = config.readAcks();
        int[] order = new int[nodes.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        long waitNanos = 0;
        long queueAtAnswer = 0;
        Version newest = null;
        int answering = -1;
        TreeMap<String, KeyHistory> table = tables.get(request.table());
        KeyHistory history = table == null ? null : table.get(request.key());
        if (history != null) {
            history.prune(now);
        }
        for (int k = 0; k < r; k++) {
            int j = k + random.nextInt(nodes.length - k);
            int node = order[j];
            order[j] = order[k];
            order[k] = node;
            long latencyNanos = nodes[node].latency().sampleNanos(random);
            long queueNanos = limiters[node].admit(now);
            waitNanos = Math.max(waitNanos, latencyNanos + queueNanos);
            Version seen = history == null ? null : history.visibleAt(node, now);
            if (answering < 0 || (seen != null && (newest == null || seen.seq() > newest.seq()))) {
                newest = seen;
                answering = node;
                queueAtAnswer = queueNanos;
            }
        }
        Status status = Status.NOT_FOUND;
        Map<String, byte[]> fields = null;
        long behind = 0;
        long staleNanos = 0;
        if (history != null) {
            long seenSeq = newest == null ? 0 : newest.seq();
            behind = history.newestSeq() - seenSeq;
            Version missed = history.firstAfter(seenSeq);
            staleNanos = missed == null ? 0 : now - missed.writeNanos();
            if (newest != null && !newest.isTombstone()) {
                status = Status.OK;
                fields = Projection.of(newest.fields(), request.fields());
            }
            if (history.isForgettable(now)) {
                table.remove(request.key());
            }
        }
        truth.recordRead(answering, status, waitNanos, queueAtAnswer, behind, staleNanos);
        samples.recordRead(waitNanos);
        return new SimReply.OpReply(status, waitNanos, fields, null);
    }

    private SimReply scan(SimRequest.Scan request, long now, int node) {
        long latencyNanos = nodes[node].latency().sampleNanos(random);
        long queueNanos = limiters[node].admit(now);
        List<Record> records = new ArrayList<>();
        TreeMap<String, KeyHistory> table = tables.get(request.table());
        if (table != null) {
            Iterator<Map.Entry<String, KeyHistory>> it = table.tailMap(request.startKey(), true).entrySet().iterator();
            while (records.size() < request.count() && it.hasNext()) {
                Map.Entry<String, KeyHistory> e = it.next();
                KeyHistory history = e.getValue();
                history.prune(now);
                Version seen = history.visibleAt(node, now);
                if (seen != null && !seen.isTombstone()) {
                    records.add(new Record(e.getKey(), Projection.of(seen.fields(), request.fields())));
                }
                if (history.isForgettable(now)) {
                    it.remove();
                }
            }
        }
        long waitNanos = latencyNanos + queueNanos;
        truth.recordScan(node, Status.OK, waitNanos, queueNanos);
        return new SimReply.OpReply(Status.OK, waitNanos, null, records);
    }

    private SimReply write(SimOp op, String tableName, String key, Map<String, byte[]> values, long now) {
        long latencyNanos = nodes[0].latency().sampleNanos(random);
        long queueNanos = limiters[0].admit(now);
        TreeMap<String, KeyHistory> table = tables.computeIfAbsent(tableName, t -> new TreeMap<>());
        KeyHistory history = table.get(key);
        if (history != null) {
            history.prune(now);
        }
        Version newest = history == null ? null : history.newest();
        boolean exists = newest != null && !newest.isTombstone();
        if (op == SimOp.DELETE && !exists) {
            // Nothing to delete: no version is written, so nothing is replicated or waited for.
            long waitNanos = latencyNanos + queueNanos;
            truth.recordWrite(op, Status.NOT_FOUND, waitNanos, queueNanos, false);
            return new SimReply.OpReply(Status.NOT_FOUND, waitNanos, null, null);
        }
        Map<String, byte[]> record = switch (op) {
            case INSERT -> new HashMap<>(values);
            case UPDATE -> merge(exists ? newest.fields() : null, values);
            case DELETE -> null;
            default -> throw new IllegalStateException(op.name());
        };
        long[] delaysNanos = new long[nodes.length];
        long[] visibleAtNanos = new long[nodes.length];
        visibleAtNanos[0] = now;
        for (int j = 1; j < nodes.length; j++) {
            delaysNanos[j] = nodes[j].replicationDelay().sampleNanos(random);
            visibleAtNanos[j] = now + delaysNanos[j];
        }
        if (history == null) {
            history = new KeyHistory();
            table.put(key, history);
        }
        history.append(new Version(history.nextSeq(), now, visibleAtNanos, record));
        long ackDelayNanos = wthSmallest(delaysNanos, config.writeAcks());
        long waitNanos = latencyNanos + queueNanos + ackDelayNanos;
        truth.recordWrite(op, Status.OK, waitNanos, queueNanos, true);
        samples.recordWrite(delaysNanos, latencyNanos + queueNanos);
        return new SimReply.OpReply(Status.OK, waitNanos, null, null);
    }

    private static Map<String, byte[]> merge(Map<String, byte[]> old, Map<String, byte[]> values) {
        Map<String, byte[]> merged = old == null ? new HashMap<>() : new HashMap<>(old);
        merged.putAll(values);
        return merged;
    }

    /** The w-th smallest delay (the primary's 0 included): when w nodes hold the write. */
    static long wthSmallest(long[] delaysNanos, int w) {
        if (w == 1) {
            return 0;
        }
        long[] sorted = delaysNanos.clone();
        Arrays.sort(sorted);
        return sorted[w - 1];
    }

    private int chooseReadNode() {
        return switch (config.readPreference()) {
            case PRIMARY -> 0;
            case SECONDARY -> 1 + random.nextInt(nodes.length - 1);
            case RANDOM -> random.nextInt(nodes.length);
            case NEAREST -> nearestNode;
        };
    }

    /** A copy of every table's key histories (versions are immutable and shared), for store images. */
    public Map<String, TreeMap<String, KeyHistory>> copyTables() {
        return deepCopy(tables);
    }

    /** Replaces every table's content with a copy of {@code saved} (a store image's restore). */
    public void replaceTables(Map<String, TreeMap<String, KeyHistory>> saved) {
        tables.clear();
        tables.putAll(deepCopy(saved));
    }

    private static Map<String, TreeMap<String, KeyHistory>> deepCopy(Map<String, TreeMap<String, KeyHistory>> from) {
        Map<String, TreeMap<String, KeyHistory>> copy = new HashMap<>();
        from.forEach((name, table) -> {
            TreeMap<String, KeyHistory> t = new TreeMap<>();
            table.forEach((key, history) -> t.put(key, history.copy()));
            copy.put(name, t);
        });
        return copy;
    }

    /** The ground truth up to the last request. */
    public GroundTruth groundTruth() {
        return truth.snapshot(lastArrivalNanos, limiters);
    }

    /** The W/A/R/S samples kept so far. */
    public WarsSampleSet warsSamples() {
        return samples.snapshot();
    }

    /** The configuration this engine runs. */
    public SimConfig config() {
        return config;
    }

    /** True when the table holds no record that the primary sees. */
    public boolean isEmpty(String tableName) {
        TreeMap<String, KeyHistory> table = tables.get(tableName);
        if (table == null) {
            return true;
        }
        for (KeyHistory h : table.values()) {
            Version v = h.newest();
            if (v != null && !v.isTombstone()) {
                return false;
            }
        }
        return true;
    }

    /**
     * How long after its write the newest version of a key became (or becomes) visible on each
     * node (ns; the primary's 0 first), or null when the key has no version: the replication
     * delays the engine drew for it, a look at the ground truth that takes no time.
     */
    public long[] newestDelays(String tableName, String key) {
        TreeMap<String, KeyHistory> table = tables.get(tableName);
        KeyHistory h = table == null ? null : table.get(key);
        Version v = h == null ? null : h.newest();
        if (v == null) {
            return null;
        }
        long[] delays = new long[nodes.length];
        for (int i = 0; i < delays.length; i++) {
            delays[i] = v.visibleAtNanos(i) - v.writeNanos();
        }
        return delays;
    }

    /** The number of versions kept for a key (0 when the key is unknown); for tests of pruning. */
    int versionsKept(String tableName, String key) {
        TreeMap<String, KeyHistory> table = tables.get(tableName);
        KeyHistory h = table == null ? null : table.get(key);
        return h == null ? 0 : h.size();
    }
}
