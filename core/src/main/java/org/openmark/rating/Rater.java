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
 * {@value #MAX_CONFIRMATIONS} confirmations in all; if none holds, there is no rating. An invalid
 * experiment (the load generator was the bottleneck) ends the rating with a
 * {@link RatingException} carrying the experiments so far.
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
        Climb climb;
        Optional<RatingReport.Rating> rating;
        try {
            memo.phase("climb");
            climb = new HillClimb(settings).run(memo);
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
            }
            rating = confirm(memo, confirmations, notes);
        } catch (RatingException e) {
            throw e.withExperiments(memo.log());
        }
        TimeBreakdown time = TimeBreakdown.of(costs, reload, memo.uniqueExperiments(), confirmations.size(),
                sla.sustain());
        return new RatingReport(sla, settings, reload, climb.outcome(), memo.log(), memo.totalExperiments(),
                memo.uniqueExperiments(), rating, confirmations, time, notes);
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
