package org.openmark.run;

import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * One load-generator process of a run spread over several ({@code run --cluster}), as the merged
 * result reports it beside the merged figures.
 *
 * @param name how the report names it ({@code worker-2})
 * @param address its cluster address (host:port)
 * @param share which part of the run it did ({@code 2/3})
 * @param issued operations it issued (as far as it reported, when lost)
 * @param targetRate the open model's rate it was given (0 for the closed model)
 * @param achievedRate operations it issued per second
 * @param sendLag its send lag (microseconds; empty for the closed model)
 * @param cpuPercent its process's CPU use over the phase, in percent of all its cores (-1 unknown)
 * @param clockOffsetMicros its clock minus the coordinator's, measured before the start
 * @param roundTripMicros the round trip of that measurement (the offset's uncertainty is half of it)
 * @param valid whether its own run was valid
 * @param lost whether it went away during the run
 * @param lostAfterMs when it was last heard from, ms after the phase started (-1 when not lost)
 * @param endedAfterMs when its part ended (its last interval), ms after the phase started on the
 *     coordinator's clock (-1 unknown)
 * @param stopReason why its part stopped before its end (a signal on its machine, lost), or null
 *     when it ran to the end or the whole run was stopped
 * @param warnings its own warnings
 */
public record WorkerReport(String name, String address, String share, long issued, double targetRate,
        double achievedRate, Histogram sendLag, double cpuPercent, long clockOffsetMicros, long roundTripMicros,
        boolean valid, boolean lost, long lostAfterMs, long endedAfterMs, String stopReason, List<String> warnings) {

    public WorkerReport {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sendLag, "sendLag");
        warnings = List.copyOf(warnings);
    }
}
