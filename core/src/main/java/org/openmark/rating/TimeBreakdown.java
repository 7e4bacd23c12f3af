package org.openmark.rating;

import java.time.Duration;
import java.util.Objects;

/**
 * Where a rating's time goes, as in BG: initial load ζ, ω reloads of ν each, η experiments of
 * (warm-up + δ) each, and the confirmation runs of (warm-up + Δ) each (usually one).
 *
 * @param initialLoad ζ
 * @param reloads ω, restores between runs (experiments and confirmations, see {@link ReloadPolicy})
 * @param reloadEach ν
 * @param experiments η, unique experiments (memo hits cost nothing)
 * @param warmup warm-up before each run
 * @param experimentLength δ
 * @param confirmations confirmation runs
 * @param confirmationLength Δ, the SLA's duration
 */
public record TimeBreakdown(Duration initialLoad, int reloads, Duration reloadEach, int experiments,
        Duration warmup, Duration experimentLength, int confirmations, Duration confirmationLength) {

    public TimeBreakdown {
        Objects.requireNonNull(initialLoad, "initialLoad");
        Objects.requireNonNull(reloadEach, "reloadEach");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(experimentLength, "experimentLength");
        Objects.requireNonNull(confirmationLength, "confirmationLength");
        if (reloads < 0 || experiments < 0 || confirmations < 0) {
            throw new IllegalArgumentException("counts must be >= 0");
        }
    }

    /** The breakdown for these costs and counts; ω follows from the reload policy. */
    public static TimeBreakdown of(RatingCosts costs, ReloadPolicy reload, int experiments, int confirmations,
            Duration confirmationLength) {
        return new TimeBreakdown(costs.initialLoad(), reload.restoresFor(experiments + confirmations),
                costs.reloadEach(), experiments, costs.warmup(), costs.experimentLength(), confirmations,
                confirmationLength);
    }

    /** ω·ν. */
    public Duration reloadTotal() {
        return reloadEach.multipliedBy(reloads);
    }

    /** η·(warm-up + δ). */
    public Duration experimentTotal() {
        return warmup.plus(experimentLength).multipliedBy(experiments);
    }

    /** confirmations·(warm-up + Δ). */
    public Duration confirmationTotal() {
        return warmup.plus(confirmationLength).multipliedBy(confirmations);
    }

    /** ζ + ω·ν + η·(warm-up + δ) + confirmations·(warm-up + Δ). */
    public Duration total() {
        return initialLoad.plus(reloadTotal()).plus(experimentTotal()).plus(confirmationTotal());
    }
}
