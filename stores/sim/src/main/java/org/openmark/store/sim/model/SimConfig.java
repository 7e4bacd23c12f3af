package org.openmark.store.sim.model;

import java.util.List;

/**
 * The complete, validated configuration of a simulated store (immutable).
 *
 * @param nodes the primary first, then the secondaries
 * @param readPreference which node serves reads and scans
 * @param writeAcks the write concern w: a write is acknowledged once w nodes hold it (1..nodes)
 * @param seed seeds every random draw of the engine
 * @param maxFrameBytes the largest protocol frame (payload bytes) the server accepts or sends
 * @param sampleLimit how many W/A/R/S samples of each kind are kept (a uniform reservoir beyond)
 * @param readAcks the read concern r: a read asks r distinct random nodes and returns the newest
 *     version any of them holds, answering when the slowest answered (1..nodes; above 1 only with
 *     random reads, as a token-aware client's Cassandra read at TWO)
 */
public record SimConfig(List<NodeSpec> nodes, ReadPreference readPreference, int writeAcks, long seed,
        int maxFrameBytes, int sampleLimit, int readAcks) {

    /** The default largest frame: 1 MiB. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 1 << 20;
    /** The smallest allowed frame limit (64 KiB: room for the stats reply of a large configuration). */
    public static final int MIN_MAX_FRAME_BYTES = 1 << 16;
    /** The largest allowed frame limit. */
    public static final int MAX_MAX_FRAME_BYTES = 1 << 28;
    /** The default number of W/A/R/S samples kept per kind. */
    public static final int DEFAULT_SAMPLE_LIMIT = 1_000_000;

    public SimConfig {
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one node (the primary) is needed");
        }
        if (writeAcks < 1 || writeAcks > nodes.size()) {
            throw new IllegalArgumentException("writeAcks " + writeAcks + " must be in 1.." + nodes.size());
        }
        if (readAcks < 1 || readAcks > nodes.size()) {
            throw new IllegalArgumentException("readAcks " + readAcks + " must be in 1.." + nodes.size());
        }
        if (readAcks > 1 && readPreference != ReadPreference.RANDOM) {
            throw new IllegalArgumentException("readAcks " + readAcks + " needs random reads");
        }
        if (readPreference == ReadPreference.SECONDARY && nodes.size() < 2) {
            throw new IllegalArgumentException("read preference secondary needs at least one secondary");
        }
        if (maxFrameBytes < MIN_MAX_FRAME_BYTES || maxFrameBytes > MAX_MAX_FRAME_BYTES) {
            throw new IllegalArgumentException("maxFrameBytes " + maxFrameBytes + " must be in "
                    + MIN_MAX_FRAME_BYTES + ".." + MAX_MAX_FRAME_BYTES);
        }
        if (sampleLimit < 0) {
            throw new IllegalArgumentException("sampleLimit must be >= 0: " + sampleLimit);
        }
    }

    /** A configuration whose reads each read one node. */
    public SimConfig(List<NodeSpec> nodes, ReadPreference readPreference, int writeAcks, long seed, int maxFrameBytes,
            int sampleLimit) {
        this(nodes, readPreference, writeAcks, seed, maxFrameBytes, sampleLimit, 1);
    }

    /** A single unlimited primary with the given client latency. */
    public static SimConfig singleNode(Distribution latency, long seed) {
        return new SimConfig(List.of(new NodeSpec("primary", latency, NodeSpec.ZERO, 0, List.of())),
                ReadPreference.PRIMARY, 1, seed, DEFAULT_MAX_FRAME_BYTES, DEFAULT_SAMPLE_LIMIT);
    }

    /**
     * True when some request can wait: a node with a latency or a throughput limit, or writes
     * acknowledged by more than one node with a replication delay. False when every request is
     * answered at once (hiccups alone do not count: a store that answers at once never lets time
     * reach them, and one that has reached one answers at once again after it).
     */
    public boolean callsTakeTime() {
        for (int i = 0; i < nodes.size(); i++) {
            NodeSpec node = nodes.get(i);
            if (!node.latency().alwaysZero() || node.maxOpsPerSecond() > 0
                    || (i > 0 && writeAcks > 1 && !node.replicationDelay().alwaysZero())) {
                return true;
            }
        }
        return false;
    }

    /** The same configuration with another seed. */
    public SimConfig withSeed(long newSeed) {
        return new SimConfig(nodes, readPreference, writeAcks, newSeed, maxFrameBytes, sampleLimit, readAcks);
    }

    /**
     * The model in one line, for the store's facts (so every result says what it measured):
     * each node's latency, replication delay, throughput limit and hiccups; the read preference
     * and the write acknowledgements.
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            NodeSpec n = nodes.get(i);
            b.append(i == 0 ? "" : "; ").append(n.name()).append(": latency ").append(n.latency().spec());
            if (!n.replicationDelay().alwaysZero()) {
                b.append(", replication ").append(n.replicationDelay().spec());
            }
            if (n.maxOpsPerSecond() > 0) {
                double max = n.maxOpsPerSecond();
                b.append(", max ").append(max == Math.rint(max) ? String.valueOf((long) max) : String.valueOf(max))
                        .append(" ops/s");
            }
            for (Hiccup h : n.hiccups()) {
                b.append(", hiccup ").append(Durations.toMillisText(h.durationNanos())).append("ms at ")
                        .append(Durations.toMillisText(h.startNanos())).append("ms");
                if (h.periodNanos() > 0) {
                    b.append(" every ").append(Durations.toMillisText(h.periodNanos())).append("ms")
                            .append(h.count() > 0 ? " x" + h.count() : "");
                }
            }
        }
        return b.append("; reads ").append(readPreference.name().toLowerCase(java.util.Locale.ROOT)).append(", w=")
                .append(writeAcks).append(readAcks > 1 ? ", r=" + readAcks : "").toString();
    }
}
