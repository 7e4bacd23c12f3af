package org.openmark.consistency;

import java.util.Map;
import org.openmark.api.Status;

/**
 * A staleness measurement as it stands while it runs ({@link StalenessMeasurement#progress()}),
 * for live metrics: counts only, each a sum that only grows.
 *
 * @param writes acknowledged writes so far
 * @param reads probe reads ended so far (failed ones included)
 * @param staleReads probe reads that did not see their write
 * @param probedAt per offset (ms), the probe reads that answered (found the key or not)
 * @param consistentAt per offset (ms), those that saw their write or a newer one
 * @param failedWrites failed writes by status
 * @param failedReads failed probe reads by status
 */
public record StalenessProgress(long writes, long reads, long staleReads, Map<Double, Long> probedAt,
        Map<Double, Long> consistentAt, Map<Status, Long> failedWrites, Map<Status, Long> failedReads) {

    public StalenessProgress {
        probedAt = Map.copyOf(probedAt);
        consistentAt = Map.copyOf(consistentAt);
        failedWrites = Map.copyOf(failedWrites);
        failedReads = Map.copyOf(failedReads);
    }
}
