package org.openmark.rating;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The immutable outcome of a rating: every experiment in order, the counts, the rating and its
 * load, the confirmation runs and the time breakdown. Rendered by {@link RatingReportText} and
 * {@link RatingReportJson}.
 *
 * @param sla the agreement rated against
 * @param settings how the search ran
 * @param reload the reload policy (for the time breakdown)
 * @param climbOutcome why the climb stopped
 * @param experiments every search request in order, memo hits included
 * @param totalExperiments requests, memo hits included
 * @param uniqueExperiments experiments that ran
 * @param rating the rating, empty when no load met the SLA (or none was confirmed)
 * @param confirmations the confirmation runs in order (empty when the SLA has no duration)
 * @param time where the time went
 * @param notes what a reader should know (e.g. the climb hit the maximum load)
 * @param repeats experiments run a second time because the first run was invalid
 * @param stop why the search ended early, if it did: the rating is then a lower bound
 */
public record RatingReport(Sla sla, SearchSettings settings, ReloadPolicy reload, Climb.Outcome climbOutcome,
        List<ExperimentRecord> experiments, int totalExperiments, int uniqueExperiments, Optional<Rating> rating,
        List<ExperimentResult> confirmations, TimeBreakdown time, List<String> notes, int repeats,
        Optional<SearchStop> stop) {

    /** A report of a search that ended normally, without repeats. */
    public RatingReport(Sla sla, SearchSettings settings, ReloadPolicy reload, Climb.Outcome climbOutcome,
            List<ExperimentRecord> experiments, int totalExperiments, int uniqueExperiments, Optional<Rating> rating,
            List<ExperimentResult> confirmations, TimeBreakdown time, List<String> notes) {
        this(sla, settings, reload, climbOutcome, experiments, totalExperiments, uniqueExperiments, rating,
                confirmations, time, notes, 0, Optional.empty());
    }

    /** This report with its time breakdown recomputed from measured costs. */
    public RatingReport withCosts(RatingCosts measured) {
        TimeBreakdown t = TimeBreakdown.of(measured, reload, uniqueExperiments + repeats, confirmations.size(),
                sla.sustain());
        return new RatingReport(sla, settings, reload, climbOutcome, experiments, totalExperiments, uniqueExperiments,
                rating, confirmations, t, notes, repeats, stop);
    }

    /** True when the search stopped early, so the rating (if any) is only a lower bound. */
    public boolean stoppedEarly() {
        return stop.isPresent();
    }

    /**
     * The number.
     *
     * @param valueOpsPerSec the rated throughput: the confirmation run's when there is one, else
     *     the best search experiment's
     * @param load the load level that achieves it
     * @param confirmed whether a confirmation run of Δ held the SLA (false when none was needed)
     * @param best the search experiment at that load
     */
    public record Rating(double valueOpsPerSec, long load, boolean confirmed, ExperimentResult best) {
        public Rating {
            Objects.requireNonNull(best, "best");
        }
    }

    public RatingReport {
        Objects.requireNonNull(sla, "sla");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(reload, "reload");
        Objects.requireNonNull(climbOutcome, "climbOutcome");
        Objects.requireNonNull(rating, "rating");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(stop, "stop");
        experiments = List.copyOf(experiments);
        confirmations = List.copyOf(confirmations);
        notes = List.copyOf(notes);
    }

    /** Requests answered from the memo. */
    public int memoHits() {
        return totalExperiments - uniqueExperiments;
    }
}
