package org.openmark.cluster.protocol;

import org.openmark.run.Phase;

/** What a plan asks a worker to do: a load or run phase, or its part of a staleness measurement. */
public enum PlanPhase {
    LOAD,
    RUN,
    STALENESS;

    /** The plan of a load or run phase. */
    public static PlanPhase of(Phase phase) {
        return phase == Phase.LOAD ? LOAD : RUN;
    }

    /** The phase a load or run plan runs; a staleness measurement is no phase of a run. */
    public Phase phase() {
        if (this == STALENESS) {
            throw new IllegalStateException("a staleness measurement is not a load or run phase");
        }
        return this == LOAD ? Phase.LOAD : Phase.RUN;
    }
}
