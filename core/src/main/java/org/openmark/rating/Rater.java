package org.openmark.rating;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rates a data store: climbs ({@link HillClimb}), refines the bracket with the chosen
 * {@link LocalSearch}, takes the best passing experiment of all that ran ({@link ResultOrder}),
 * and, when the SLA has a duration Δ, confirms it with a run of Δ.
 *
 * <p>If the confirmation fails the SLA, the next-best passing experiment at a lower load is tried
 * (a sustained failure suggests higher loads would fail too), at most
 * {@value #MAX_CONFIRMATIONS} confirmations in all; if none holds, there is no rating.
 *
 * <p>An invalid experiment (the load generator, not the store, limited it) is repeated once
 * ({@link MemoizingExperimenter}). If it is invalid again, or the rating is aborted, the search
 * stops there and the report says so ({@link RatingReport#stop}): its rating is then the best
 * valid experiment that met the SLA, a lower bound, unconfirmed. The rating always ends with a
 * report.
 */
public final class Rater {

    /** The most confirmation runs one rating makes. */
    public static final int MAX_CONFIRMATIONS = 3;

    private final SearchSettings settings;
    private final Sla sla;
    private final ReloadPolicy reload;
    private final RatingCosts costs;

    public Rater(SearchSettings settings, Sla sla, ReloadPolicy reload, RatingCosts costs) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sla = Objects.requireNonNull(sla, "sla");
        this.reload = Objects.requireNonNull(reload, "reload");
        this.costs = Objects.requireNonNull(costs, "costs");
    }

    /** Runs the rating against {@code experimenter} and reports it. */
    public RatingReport rate(Experimenter experimenter) {
        MemoizingExperimenter memo = new MemoizingExperimenter(experimenter);
        List<String> notes = new ArrayList<>();
        List<ExperimentResult> confirmations = new ArrayList<>();
        Climb.Outcome climbOutcome = Climb.Outcome.STOPPED;
        Optional<RatingReport.Rating> rating;
        Optional<SearchStop> stop = Optional.empty();
        try {
            memo.phase("climb");
            Climb climb = new HillClimb(settings).run(memo);
            climbOutcome = climb.outcome();
            switch (climb.outcome()) {
                case FAILED_AT_START -> notes.add("the SLA failed at the start load " + settings.startLoad()
                        + (settings.startLoad() > 1 ? ": try a lower --start" : ": no load meets it"));
                case REACHED_MAX_LOAD -> notes.add("throughput was still rising at --max-load " + settings.maxLoad()
                        + ": the store may do better at higher loads");
                case BRACKETED -> {
                    LocalSearch local = settings.strategy().localSearch(settings);
                    memo.phase(local.name());
                    local.search(climb, memo);
                }
                case STOPPED -> throw new IllegalStateException("a climb that returns has not stopped");
            }
            rating = confirm(memo, confirmations, notes);
        } catch (RatingException e) {
            SearchStop s = SearchStop.of(e);
            stop = Optional.of(s);
            rating = lowerBound(memo);
            notes.add(rating.isPresent()
                    ? "the search stopped early: the rating is a lower bound (the best valid experiment that met the"
                            + " SLA), not confirmed"
                    : "the search stopped early, before any valid experiment met the SLA");
        }
        TimeBreakdown time = TimeBreakdown.of(costs, reload, memo.uniqueExperiments() + memo.repeats(),
                confirmations.size(), sla.sustain());
        return new RatingReport(sla, settings, reload, climbOutcome, memo.log(), memo.totalExperiments(),
                memo.uniqueExperiments(), rating, confirmations, time, notes, memo.repeats(), stop);
    }

    /** The best valid experiment that met the SLA, as a rating the search could not finish. */
    private static Optional<RatingReport.Rating> lowerBound(MemoizingExperimenter memo) {
        return memo.uniqueResults().stream().filter(r -> r.valid() && r.slaMet())
                .max(ResultOrder.RANK)
                .map(best -> new RatingReport.Rating(best.throughputOpsPerSec(), best.loadLevel(), false, best));
    }

    private Optional<RatingReport.Rating> confirm(MemoizingExperimenter memo, List<ExperimentResult> confirmations,
            List<String> notes) {
        List<ExperimentResult> candidates = memo.uniqueResults().stream().filter(ExperimentResult::slaMet)
                .sorted(ResultOrder.RANK.reversed()).toList();
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        Duration sustain = sla.sustain();
        if (sustain.isZero()) {
            ExperimentResult best = candidates.get(0);
            return Optional.of(new RatingReport.Rating(best.throughputOpsPerSec(), best.loadLevel(), false, best));
        }
        long belowLoad = Long.MAX_VALUE;
        for (ExperimentResult candidate : candidates) {
            if (confirmations.size() == MAX_CONFIRMATIONS) {
                break;
            }
            if (candidate.loadLevel() >= belowLoad) {
                continue;
            }
            ExperimentResult run = memo.confirm(candidate.loadLevel(), sustain).requireValid();
            confirmations.add(run);
            if (run.slaMet()) {
                return Optional.of(new RatingReport.Rating(run.throughputOpsPerSec(), run.loadLevel(), true, candidate));
            }
            notes.add("the confirmation at load " + run.loadLevel() + " failed the SLA over "
                    + RatingFormat.duration(sustain));
            belowLoad = run.loadLevel();
        }
        notes.add("no load held the SLA for " + RatingFormat.duration(sustain) + " in " + confirmations.size()
                + " confirmation run(s): no rating");
        return Optional.empty();
    }
}
