package org.openmark.rating;

import java.time.Duration;

/**
 * The oracle the rating search asks: run one experiment at a load level and say what happened.
 * The real engine loads/repairs the store, warms up, measures for δ and judges the SLA; a
 * {@link CurveExperimenter} answers from a synthetic curve.
 */
public interface Experimenter {

    /** One search experiment at {@code loadLevel} (threads, or whole ops/s), lasting δ. */
    ExperimentResult run(long loadLevel);

    /**
     * The confirmation run at the rated load, lasting {@code sustain} (the SLA's Δ); its
     * {@code slaMet} must account for the duration (see {@link Sla#isSustained}).
     */
    ExperimentResult confirm(long loadLevel, Duration sustain);
}
