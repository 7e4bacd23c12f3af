package org.openmark.rating;

import java.util.Objects;

/**
 * Where the climb ended.
 *
 * @param outcome why it stopped
 * @param lowLoad the climb point before {@code best} (T/r²), or {@code best}'s load if it was the start
 * @param best the last point that climbed (T/r): the best result of the climb
 * @param highLoad the first point that did not climb (T); equals {@code best}'s load when the
 *     climb stopped at the start or at the maximum load
 */
public record Climb(Outcome outcome, long lowLoad, ExperimentResult best, long highLoad) {

    /** Why the climb stopped. */
    public enum Outcome {
        /** A step did not raise throughput by more than ε, or failed the SLA: the peak is bracketed. */
        BRACKETED,
        /** The start load already failed the SLA: nothing to rate at or above it. */
        FAILED_AT_START,
        /** Throughput was still rising at the maximum load. */
        REACHED_MAX_LOAD,
        /** An experiment of the climb was invalid twice (or the rating was aborted): see {@link SearchStop}. */
        STOPPED
    }

    public Climb {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(best, "best");
        if (!(lowLoad <= best.loadLevel() && best.loadLevel() <= highLoad)) {
            throw new IllegalArgumentException("climb bracket out of order: " + lowLoad + " <= "
                    + best.loadLevel() + " <= " + highLoad);
        }
    }
}
