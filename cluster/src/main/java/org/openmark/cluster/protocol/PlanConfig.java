package org.openmark.cluster.protocol;

/**
 * What a {@link Plan} asks its worker to run, resolved by the coordinator and typed: its share of a
 * load or run phase ({@link PhasePlan}) or of a staleness measurement ({@link StalenessPart}).
 */
public sealed interface PlanConfig permits PhasePlan, StalenessPart {

    /** The kind of run this is. */
    PlanPhase kind();
}
