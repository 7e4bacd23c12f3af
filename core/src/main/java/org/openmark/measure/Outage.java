package org.openmark.measure;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openmark.api.Status;

/**
 * A stretch of a run in which the store failed: operations ended with errors ({@link Kind#ERRORS}),
 * or none completed while some were outstanding ({@link Kind#STALL}).
 *
 * @param fromSeconds when it began, seconds since the phase started: for failures at the intervals'
 *     resolution, for a stall at the clock's ({@link Stalls})
 * @param toSeconds when it ended
 * @param statuses the failures in it, per status (empty for a stall)
 * @param operations operations that failed in it; for a stall measured in time, those that waited in
 *     it at least {@code --stall-after} or timed out (waits that overlap counted together); for one
 *     found in intervals, those outstanding at its end
 */
public record Outage(Kind kind, double fromSeconds, double toSeconds, Map<Status, Long> statuses, long operations) {

    /** What went wrong. */
    public enum Kind {
        /** At least a tenth of the operations that completed failed. */
        ERRORS,
        /** Nothing completed while operations were outstanding. */
        STALL
    }

    public Outage {
        statuses = Map.copyOf(statuses);
    }

    /** {@code SERVICE_UNAVAILABLE from 7.0 s to 11.0 s}, or {@code no operation completed from …}. */
    public String describe() {
        String what = kind == Kind.STALL ? "no operation completed"
                : statuses.keySet().stream().sorted().map(Status::name).collect(Collectors.joining("/"));
        return String.format(Locale.ROOT, "%s from %.1f s to %.1f s", what, fromSeconds, toSeconds);
    }
}
