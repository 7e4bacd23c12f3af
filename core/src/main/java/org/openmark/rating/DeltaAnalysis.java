package org.openmark.rating;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The delta analyzer's answer.
 *
 * @param delta the chosen experiment length δ (the longest run when not converged)
 * @param converged whether the required number of consecutive runs agreed
 * @param runs every run, shortest first
 */
public record DeltaAnalysis(Duration delta, boolean converged, List<Run> runs) {

    /** One run of the given length and what it observed. */
    public record Run(Duration length, DeltaSample sample) {
        public Run {
            Objects.requireNonNull(length, "length");
            Objects.requireNonNull(sample, "sample");
        }
    }

    public DeltaAnalysis {
        Objects.requireNonNull(delta, "delta");
        runs = List.copyOf(runs);
    }

    /** The total time the analysis spent running (sum of run lengths). */
    public Duration timeSpent() {
        return runs.stream().map(Run::length).reduce(Duration.ZERO, Duration::plus);
    }
}
