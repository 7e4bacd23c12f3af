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

    /** N, R and W: replicas, replicas a read waits for, replicas a write waits for. */
    record Quorums(int n, int r, int w) {
    }

    /**
     * The delays (ms) one traced write and read showed, one per replica that took part as its own
     * process (a coordinator's own copy is not messaged, so it gives none); {@code failure} is
     * the store's reason when the traced operations failed, else null.
     */
    record WarsSample(double[] wMs, double[] aMs, double[] rMs, double[] sMs, String failure) {
        public WarsSample {
            wMs = wMs.clone();
            aMs = aMs.clone();
            rMs = rMs.clone();
            sMs = sMs.clone();
        }

        /** A sample that holds no delays, with the reason. */
        public static WarsSample failed(String failure) {
            return new WarsSample(new double[0], new double[0], new double[0], new double[0], failure);
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
