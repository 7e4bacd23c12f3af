package org.openmark.rating;

/**
 * BG's first step: from the start load, multiply the load by r while each step meets the SLA
 * and raises throughput by more than ε ({@link ResultOrder#higher}). Loads are whole numbers
 * ({@link SearchSettings#nextClimbLoad}). The first step that does not climb, at T, ends it; the
 * previous point T/r is the climb's best and the one before it, T/r², bounds the peak from below,
 * because throughput rose from T/r² to T/r and did not rise enough from T/r to T.
 *
 * <p>A curve that keeps rising, but by less than ε per step, stops the climb as if it were
 * flat: ε is the noise threshold below which a rise is not believed.
 */
public final class HillClimb {
    private final SearchSettings settings;

    public HillClimb(SearchSettings settings) {
        this.settings = settings;
    }

    /** Climbs and returns where it stopped. Throws {@link RatingException} on an invalid experiment. */
    public Climb run(Experimenter experimenter) {
        long previousLoad = settings.startLoad();
        ExperimentResult best = experimenter.run(previousLoad).requireValid();
        if (!best.slaMet()) {
            return new Climb(Climb.Outcome.FAILED_AT_START, best.loadLevel(), best, best.loadLevel());
        }
        while (true) {
            if (best.loadLevel() >= settings.maxLoad()) {
                return new Climb(Climb.Outcome.REACHED_MAX_LOAD, previousLoad, best, best.loadLevel());
            }
            long nextLoad = settings.nextClimbLoad(best.loadLevel());
            ExperimentResult next = experimenter.run(nextLoad).requireValid();
            if (!ResultOrder.higher(next, best, settings.epsilon())) {
                return new Climb(Climb.Outcome.BRACKETED, previousLoad, best, nextLoad);
            }
            previousLoad = best.loadLevel();
            best = next;
        }
    }
}
