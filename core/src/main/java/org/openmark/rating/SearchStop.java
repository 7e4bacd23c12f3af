package org.openmark.rating;

import java.util.Objects;

/**
 * Why a rating's search ended before its answer was complete. The rating then reports what it
 * found as a lower bound (the best valid experiment that met the SLA), never as the store's limit.
 *
 * @param load the load level at which the search stopped (0 when it stopped before any experiment)
 * @param reason what happened, in words a reader can act on
 * @param generatorLimited true when an experiment stayed invalid after its repeat (the load
 *     generator, not the store, limited it); false when the rating was aborted (interrupted,
 *     a reload failed)
 * @param interrupted true when the user stopped the rating (Ctrl-C, SIGTERM)
 */
public record SearchStop(long load, String reason, boolean generatorLimited, boolean interrupted) {

    public SearchStop {
        Objects.requireNonNull(reason, "reason");
    }

    /** A stop the user did not ask for. */
    public SearchStop(long load, String reason, boolean generatorLimited) {
        this(load, reason, generatorLimited, false);
    }

    /** The stop a {@link RatingException} describes. */
    static SearchStop of(RatingException e) {
        ExperimentResult invalid = e.invalidResult();
        if (invalid != null) {
            return new SearchStop(invalid.loadLevel(), "the experiment at load " + invalid.loadLevel()
                    + " was invalid twice (" + invalid.invalidReason() + "), so higher loads were not measured; "
                    + RatingException.REMEDY, true);
        }
        return new SearchStop(0, e.getMessage(), false, e.interrupted());
    }
}
