package org.openmark.api;

import java.util.Map;

/**
 * An optional capability of a {@link Store} with replicas: it can trace a write and a read in the
 * store itself and report the one-way delays of the WARS model behind PBS (Bailis et al., VLDB
 * 2012): W, the write's way from the coordinator to a replica that applied it; A, the
 * acknowledgement's way back; R, a read's way to a replica that read; S, the response's way back.
 * A staleness measurement feeds them to the PBS predictor, to put the predicted P(consistent read)
 * beside the measured one. Stores that cannot trace simply do not implement it.
 */
public interface WarsTracing {

    /** The replication of the configured reads and writes: N copies, reads wait for R, writes for W. */
    Quorums quorums();

    /**
     * True when the store, as configured, can trace what a prediction needs (true by default; the
     * simulated store only when its reads go to a random node, as a token-aware client's).
     */
    default boolean tracesDelays() {
        return true;
    }

    /**
     * Writes {@code values} to {@code key} and reads it back, both traced, at a level that makes
     * every replica take part (so every replica's delays are in the trace). Returns at once with
     * what identifies the traces; store errors come back in it, never thrown.
     */
    Traced traceWriteAndRead(String table, String key, Map<String, byte[]> values);

    /**
     * The delays the traces of one traced pair show; call it after the traced operations, when
     * the store had time to record the traces (Cassandra writes them asynchronously on every node).
     * An incomplete trace gives fewer delays; a failure comes back in the sample.
     */
    WarsSample delays(Traced traced);

    /**
     * One traced write and read: the store's ids of its traces (opaque), or the store's reason
     * why the operations failed.
     */
    record Traced(java.util.List<String> traceIds, String failure) {
        public Traced {
            traceIds = java.util.List.copyOf(traceIds);
        }

        /** Operations that failed, with the reason. */
        public static Traced failed(String failure) {
            return new Traced(java.util.List.of(), failure);
        }
    }

    /**
     * The nodes of one traced pair: the write's coordinator, the nodes of {@code wMs} (and {@code
     * aMs}) in order, the read's coordinator, the nodes of {@code rMs} (and {@code sMs}) in order.
     */
    record Nodes(String writeCoordinator, java.util.List<String> written, String readCoordinator,
            java.util.List<String> read) {
        public Nodes {
            written = java.util.List.copyOf(written);
            read = java.util.List.copyOf(read);
        }
    }

    /** N, R and W: replicas, replicas a read waits for, replicas a write waits for. */
    record Quorums(int n, int r, int w) {
    }

    /**
     * The delays (ms) one traced write and read showed. The arrays hold one delay per replica the
     * coordinator messaged (W, A: the write's way to the replica, from the coordinator's receipt of
     * the write, and its acknowledgement's way back; R, S: the read's way to the replica, from the
     * coordinator's receipt of the read, and the answer's way back). When the coordinator is itself
     * a replica (a token-aware client sends each request to one), its own copy is applied and read
     * without a message: {@code wLocalMs}, {@code aLocalMs} and {@code rLocalMs} give those, NaN
     * when the coordinator held no copy or the store cannot tell. {@code coordinatorMs} is how long
     * the coordinators had the write and the read, together (from each one's receipt of its
     * request to its answer), NaN when unknown: the rest of the traced call's time is the client's
     * and the network's way to and from them. {@code nodes} names the nodes the delays are of (null
     * when the store does not tell): with it the delays of one node in one pair can be taken
     * together. {@code failure} is the store's reason when the traced operations failed, else null.
     */
    record WarsSample(double[] wMs, double[] aMs, double[] rMs, double[] sMs, double wLocalMs, double aLocalMs,
            double rLocalMs, double coordinatorMs, Nodes nodes, String failure) {
        public WarsSample {
            wMs = wMs.clone();
            aMs = aMs.clone();
            rMs = rMs.clone();
            sMs = sMs.clone();
        }

        /** Delays of messaged replicas only (the coordinator held no copy, or the store cannot tell). */
        public WarsSample(double[] wMs, double[] aMs, double[] rMs, double[] sMs, String failure) {
            this(wMs, aMs, rMs, sMs, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null, failure);
        }

        /** A sample that holds no delays, with the reason. */
        public static WarsSample failed(String failure) {
            return new WarsSample(new double[0], new double[0], new double[0], new double[0], failure);
        }

        /** True when the coordinators' own copies are in it (a token-aware client's requests). */
        public boolean hasLocal() {
            return !Double.isNaN(wLocalMs) && !Double.isNaN(aLocalMs) && !Double.isNaN(rLocalMs);
        }

        @Override
        public double[] wMs() {
            return wMs.clone();
        }

        @Override
        public double[] aMs() {
            return aMs.clone();
        }

        @Override
        public double[] rMs() {
            return rMs.clone();
        }

        @Override
        public double[] sMs() {
            return sMs.clone();
        }
    }
}
