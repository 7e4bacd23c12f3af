package org.openmark.load;

import java.util.List;

/**
 * How a phase ended.
 *
 * @param startNanos clock time the phase started
 * @param endNanos clock time the last operation was issued or the drain ended
 * @param unfinished operations still outstanding after the grace period
 * @param schedule the open model's self-check figures, or null for the closed model
 * @param warnings problems the driver noticed (e.g. a binding threw instead of returning a status)
 * @param gaveUp why the driver stopped before its limits (the store stopped answering), or null
 */
public record PhaseOutcome(long startNanos, long endNanos, long unfinished, ScheduleStats schedule,
        List<String> warnings, String gaveUp) {

    /** An outcome that reached its limits. */
    public PhaseOutcome(long startNanos, long endNanos, long unfinished, ScheduleStats schedule,
            List<String> warnings) {
        this(startNanos, endNanos, unfinished, schedule, warnings, null);
    }
}
