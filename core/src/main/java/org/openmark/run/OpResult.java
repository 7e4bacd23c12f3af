package org.openmark.run;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;

/**
 * The final figures of one operation name.
 *
 * @param name e.g. READ
 * @param statuses how many ended with each status (operations and inner calls alike)
 * @param okResponse response times (from the intended start) of OK outcomes, microseconds
 * @param okService service times (from the actual start) of OK outcomes
 * @param failedResponse response times of every other status
 * @param failedService service times of every other status
 * @param byStatusResponse response-time histogram per status, for lossless merging
 * @param byStatusService service-time histogram per status
 */
public record OpResult(String name, Map<Status, Long> statuses, Histogram okResponse, Histogram okService,
        Histogram failedResponse, Histogram failedService, Map<Status, Histogram> byStatusResponse,
        Map<Status, Histogram> byStatusService) {

    /**
     * True for the checks of what reads returned ({@code dataintegrity}, YCSB's VERIFY): timed and
     * counted apart from the store's operations, never one of them.
     */
    public boolean dataCheck() {
        return org.openmark.workload.DataChecks.NAME.equals(name);
    }

    /** All outcomes. */
    public long count() {
        return statuses.values().stream().mapToLong(Long::longValue).sum();
    }
}
