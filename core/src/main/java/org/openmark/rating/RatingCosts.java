package org.openmark.rating;

import java.time.Duration;
import java.util.Objects;

/**
 * The per-step durations BG's time breakdown multiplies out: measured by the engine for a real
 * rating, estimated (flags) for a dry run.
 *
 * @param initialLoad ζ: loading the database once
 * @param reloadEach ν: one restore between experiments (as long as ζ for a full reload)
 * @param warmup warm-up before each measured run
 * @param experimentLength δ: one search experiment's measured length
 */
public record RatingCosts(Duration initialLoad, Duration reloadEach, Duration warmup, Duration experimentLength) {
    public RatingCosts {
        for (Duration d : new Duration[] {initialLoad, reloadEach, warmup, experimentLength}) {
            if (Objects.requireNonNull(d, "duration").isNegative()) {
                throw new IllegalArgumentException("duration " + d + ": must be >= 0");
            }
        }
    }

    /** Nothing but δ (no load, reload or warm-up time). */
    public static RatingCosts experimentsOnly(Duration experimentLength) {
        return new RatingCosts(Duration.ZERO, Duration.ZERO, Duration.ZERO, experimentLength);
    }
}
