package org.openmark.rating;

import java.util.List;

/**
 * The rating cannot continue: an experiment was invalid because the load generator, not the
 * data store, was the bottleneck. Its number is not the store's limit, so the search stops
 * rather than treat it as one. The message names the load level, the reason and a remedy.
 */
public class RatingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The remedy every invalid-experiment message suggests. */
    public static final String REMEDY = "use more load machines (or fewer client threads per machine),"
            + " or --model closed";

    private final transient ExperimentResult invalid;
    private final transient List<ExperimentRecord> experimentsSoFar;
    private final boolean interrupted;

    private RatingException(String message, ExperimentResult invalid, List<ExperimentRecord> experimentsSoFar,
            boolean interrupted) {
        super(message);
        this.invalid = invalid;
        this.experimentsSoFar = List.copyOf(experimentsSoFar);
        this.interrupted = interrupted;
    }

    private RatingException(String message, ExperimentResult invalid, List<ExperimentRecord> experimentsSoFar) {
        this(message, invalid, experimentsSoFar, false);
    }

    /** The rating could not go on for a reason other than an invalid experiment. */
    public static RatingException aborted(String message) {
        return new RatingException(message, null, List.of());
    }

    /** The user stopped the rating (Ctrl-C, SIGTERM). */
    public static RatingException interrupted(String message) {
        return new RatingException(message, null, List.of(), true);
    }

    /** True when the user stopped the rating. */
    public boolean interrupted() {
        return interrupted;
    }

    /** The exception for an invalid experiment (no experiments attached yet). */
    public static RatingException invalidExperiment(ExperimentResult result) {
        return new RatingException("experiment at load " + result.loadLevel() + " is invalid: "
                + result.invalidReason() + ". The load generator was the bottleneck, so "
                + RatingFormat.opsPerSec(result.throughputOpsPerSec())
                + " ops/s is not the data store's limit and the rating stopped; " + REMEDY + ".",
                result, List.of());
    }

    /** The same failure with the experiments run before it, for the report. */
    public RatingException withExperiments(List<ExperimentRecord> experiments) {
        RatingException e = new RatingException(getMessage(), invalid, experiments, interrupted);
        e.setStackTrace(getStackTrace());
        return e;
    }

    /** The invalid experiment. */
    public ExperimentResult invalidResult() {
        return invalid;
    }

    /** Every experiment requested before the search stopped, in order. */
    public List<ExperimentRecord> experimentsSoFar() {
        return experimentsSoFar;
    }
}
