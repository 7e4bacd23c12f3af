package org.openmark.rating;

/** The second step of a rating: search the climb's bracket for the best load. */
public interface LocalSearch {

    /** The phase name experiments are logged under ({@code golden}, {@code approximate}). */
    String name();

    /**
     * Runs experiments inside the bracket of a {@link Climb.Outcome#BRACKETED} climb and returns
     * the best result it saw (by {@link ResultOrder#RANK}). Throws {@link RatingException} on an
     * invalid experiment.
     */
    ExperimentResult search(Climb climb, Experimenter experimenter);
}
