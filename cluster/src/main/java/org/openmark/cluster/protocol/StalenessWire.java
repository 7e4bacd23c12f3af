package org.openmark.cluster.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.consistency.FailedRequests;
import org.openmark.consistency.StalenessResult;

/**
 * A worker's {@link StalenessResult} on the wire, lossless: every count per probe offset, per k
 * and per failed status, and the t-visibility and probe-lateness histograms in HdrHistogram's
 * compressed encoding.
 */
public record StalenessWire(long writes, long reads, long staleReads, List<OffsetCount> offsets, byte[] tVisibilityUs,
        long neverSeen, Map<Long, Long> kStaleness, Map<String, Long> writeErrors, Map<String, Long> readErrors,
        String lastFailure, byte[] probeLateUs, boolean linearizable, long violations) {

    /** The reads at one probe offset (ms) and how many of them saw their write. */
    public record OffsetCount(double offsetMs, long probed, long consistent) {
    }

    public static StalenessWire of(StalenessResult r) {
        List<OffsetCount> offsets = new ArrayList<>();
        r.probedAt().forEach((t, n) -> offsets.add(new OffsetCount(t, n, r.consistentAt().getOrDefault(t, 0L))));
        FailedRequests failed = r.failures();
        return new StalenessWire(r.writes(), r.reads(), r.staleReads(), offsets, HistogramBytes.encode(r.tVisibilityUs()),
                r.neverSeen(), new TreeMap<>(r.kStaleness()), ResultWire.names(failed.writes()),
                ResultWire.names(failed.reads()), failed.lastFailure(), HistogramBytes.encode(r.probeLateUs()),
                r.linearizable(), r.violations());
    }

    public StalenessResult toResult() {
        Map<Double, Long> probed = new TreeMap<>();
        Map<Double, Long> consistent = new TreeMap<>();
        for (OffsetCount o : offsets) {
            probed.put(o.offsetMs(), o.probed());
            consistent.put(o.offsetMs(), o.consistent());
        }
        return new StalenessResult(writes, reads, staleReads, consistent, probed, HistogramBytes.decode(tVisibilityUs),
                neverSeen, new TreeMap<>(kStaleness), new FailedRequests(ResultWire.statuses(writeErrors),
                        ResultWire.statuses(readErrors), lastFailure), HistogramBytes.decode(probeLateUs),
                linearizable, violations);
    }
}
