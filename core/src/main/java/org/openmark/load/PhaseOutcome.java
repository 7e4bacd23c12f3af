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
 */
public record PhaseOutcome(long startNanos, long endNanos, long unfinished, ScheduleStats schedule,
        List<String> warnings) {
}
