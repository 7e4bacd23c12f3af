package org.openmark.measure;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;

/**
 * The few figures of one interval that locate trouble in time: when it was (seconds since the
 * phase started), how many operations completed, how many failed with which status, and how
 * many were outstanding at its end. Inner calls of composite operations are left out.
 */
public record IntervalSummary(double fromSeconds, double toSeconds, long completed, Map<Status, Long> failed,
        long inFlight, boolean warmUp) {

    public IntervalSummary {
        failed = Map.copyOf(failed);
    }

    /** The summary of a snapshot. */
    public static IntervalSummary of(IntervalSnapshot s, double fromSeconds, double toSeconds, long inFlight,
            boolean warmUp) {
        Map<Status, Long> failed = new EnumMap<>(Status.class);
        long completed = 0;
        for (Map.Entry<Channel, Histogram> e : s.response().entrySet()) {
            if (e.getKey().inner()) {
                continue;
            }
            long n = e.getValue().getTotalCount();
            completed += n;
            if (!e.getKey().status().isOk() && n > 0) {
                failed.merge(e.getKey().status(), n, Long::sum);
            }
        }
        return new IntervalSummary(fromSeconds, toSeconds, completed, failed, inFlight, warmUp);
    }

    /** Failures that count against the store: every status but OK and NOT_FOUND (a read of an absent key). */
    public long storeFailures() {
        long n = 0;
        for (Map.Entry<Status, Long> e : failed.entrySet()) {
            if (e.getKey() != Status.NOT_FOUND) {
                n += e.getValue();
            }
        }
        return n;
    }
}
