package org.openmark.consistency;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.openmark.api.Status;

/**
 * The requests of a staleness measurement that the store failed, per status: writes it did not
 * acknowledge, and probe reads it did not answer (any status but OK and NOT_FOUND: a read that
 * finds no record is an answer, the write is not visible there). Kept per status, and with what
 * the store last said, so that a report names the cause ({@code 200 of 200 writes failed:
 * NOT_FOUND 200}) instead of a bare count.
 *
 * @param writes failed writes per status
 * @param reads failed probe reads per status
 * @param lastFailure what the store said about the last failed request ({@link
 *     org.openmark.api.Session#lastFailure}), on one line (a driver's message may span several: a
 *     warning is one line), or null when it said nothing
 */
public record FailedRequests(Map<Status, Long> writes, Map<Status, Long> reads, String lastFailure) {

    /** Nothing failed. */
    public static final FailedRequests NONE = new FailedRequests(Map.of(), Map.of(), null);

    public FailedRequests {
        writes = Collections.unmodifiableMap(new TreeMap<>(writes));
        reads = Collections.unmodifiableMap(new TreeMap<>(reads));
        lastFailure = lastFailure == null ? null : lastFailure.strip().replaceAll("\\s+", " ");
    }

    /** Failed writes. */
    public long writeCount() {
        return sum(writes);
    }

    /** Failed probe reads. */
    public long readCount() {
        return sum(reads);
    }

    /** Failed requests, writes and reads. */
    public long total() {
        return writeCount() + readCount();
    }

    /**
     * What failed, for a warning: {@code 200 of 200 writes failed: NOT_FOUND 200; 3 of 2200 reads
     * failed: TIMEOUT 3; last: …}, with the writes and reads attempted; empty when nothing failed.
     */
    public String describe(long writesAttempted, long readsIssued) {
        StringBuilder b = new StringBuilder();
        if (!writes.isEmpty()) {
            b.append(writeCount()).append(" of ").append(writesAttempted).append(" writes failed: ").append(byStatus(writes));
        }
        if (!reads.isEmpty()) {
            b.append(b.isEmpty() ? "" : "; ").append(readCount()).append(" of ").append(readsIssued)
                    .append(" reads failed: ").append(byStatus(reads));
        }
        if (lastFailure != null && !b.isEmpty()) {
            b.append("; last: ").append(lastFailure);
        }
        return b.toString();
    }

    /** The failures of several processes as one: counts added per status, one of their last failures. */
    public static FailedRequests merge(List<FailedRequests> parts) {
        Map<Status, Long> w = new TreeMap<>();
        Map<Status, Long> r = new TreeMap<>();
        String last = null;
        for (FailedRequests p : parts) {
            p.writes.forEach((s, n) -> w.merge(s, n, Long::sum));
            p.reads.forEach((s, n) -> r.merge(s, n, Long::sum));
            last = p.lastFailure == null ? last : p.lastFailure;
        }
        return new FailedRequests(w, r, last);
    }

    /** {@code NOT_FOUND 200, TIMEOUT 3}, in the statuses' order. */
    private static String byStatus(Map<Status, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey().name() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static long sum(Map<Status, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
