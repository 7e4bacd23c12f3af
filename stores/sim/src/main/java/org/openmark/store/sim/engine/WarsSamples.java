package org.openmark.store.sim.engine;

/**
 * Samples of this model's latencies in the W/A/R/S terms of PBS (Bailis et al., VLDB 2012), so
 * the PBS predictor can be checked against the simulated store's ground truth. The engine
 * applies a write at the primary, and reads a node's state, at the request's arrival; the
 * client's whole wait comes after that moment. Hence:
 * <ul>
 *   <li>W: per write and per node, the time until the node holds the write (its replication
 *       delay; the primary's is 0, included, so W is the delay of a uniformly chosen replica);
 *   <li>A: per write, the time from the w-th acknowledgement to the client's reply: the
 *       primary's client latency draw plus the write's queueing time;
 *   <li>R: per read, the time for the request to reach the node: always 0 in this model;
 *   <li>S: per read, the time from reading the node's state to the client's reply: the
 *       node's client latency draw plus the read's queueing time.
 * </ul>
 * Each kind keeps at most {@code sampleLimit} values (a uniform reservoir).
 */
final class WarsSamples {
    private final Reservoir w;
    private final Reservoir a;
    private final Reservoir r;
    private final Reservoir s;

    WarsSamples(int sampleLimit, long seed) {
        // Separate streams, derived from the seed, that never touch the engine's own draws.
        w = new Reservoir(sampleLimit, seed ^ 0x5741_5253_0001L);
        a = new Reservoir(sampleLimit, seed ^ 0x5741_5253_0002L);
        r = new Reservoir(sampleLimit, seed ^ 0x5741_5253_0003L);
        s = new Reservoir(sampleLimit, seed ^ 0x5741_5253_0004L);
    }

    void recordWrite(long[] replicationDelaysNanos, long ackNanos) {
        for (long d : replicationDelaysNanos) {
            w.offer(d);
        }
        a.offer(ackNanos);
    }

    void recordRead(long responseNanos) {
        r.offer(0);
        s.offer(responseNanos);
    }

    /** A copy of the samples kept so far. */
    public WarsSampleSet snapshot() {
        return new WarsSampleSet(w.values(), a.values(), r.values(), s.values());
    }
}
