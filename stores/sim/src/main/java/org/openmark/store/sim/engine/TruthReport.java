package org.openmark.store.sim.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Map;

/**
 * The ground truth as plain data: what {@code sim.truth.file} and the stats request hold.
 * Times are milliseconds; percentiles come from HdrHistograms with 3 significant digits, counts,
 * means and maxima are exact.
 *
 * @param seed the engine's seed
 * @param elapsedMs simulated time from the store's start to the last request
 * @param operations per operation kind (READ, SCAN, UPDATE, INSERT, DELETE) that occurred
 * @param reads staleness of single-record reads
 * @param nodes per node, the primary first
 */
public record TruthReport(long seed, double elapsedMs, Map<String, OpReport> operations, ReadReport reads,
        List<NodeReport> nodes) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper PRETTY_JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Latency and queueing of one operation kind. */
    public record OpReport(long count, Map<String, Long> statuses, Summary latencyMs, Summary queueingMs) {
    }

    /** A distribution's summary in milliseconds. */
    public record Summary(double mean, double p50, double p90, double p99, double p999, double max) {
    }

    /**
     * Staleness of reads: a read is stale when a newer version of its key had been written at
     * the primary; {@code stalenessMs} is the time since the first write it missed (0 for fresh
     * reads), {@code versionsBehind} counts reads by how many writes they missed.
     */
    public record ReadReport(long count, long stale, double staleFraction, Summary stalenessMs,
            Map<String, Long> versionsBehind) {
    }

    /** One node's counters. */
    public record NodeReport(String name, String role, long requests, long reads, long scans, long writes,
            long staleReads, double maxThroughputOpsPerSec, double maxOutstandingRequests, double hiccupMs,
            double queueingMsTotal) {
    }

    /** Pretty-printed JSON. */
    public String toJson() {
        try {
            return PRETTY_JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the ground truth as JSON", e);
        }
    }

    /** JSON on one line (what the stats reply carries). */
    public String toCompactJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the ground truth as JSON", e);
        }
    }

    /** Parses what {@link #toJson()} wrote. */
    public static TruthReport fromJson(String json) {
        try {
            return JSON.readValue(json, TruthReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a ground-truth JSON document: " + e.getOriginalMessage(), e);
        }
    }
}
