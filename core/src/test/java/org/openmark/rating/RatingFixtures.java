package org.openmark.rating;

import java.time.Duration;
import java.util.function.LongFunction;

/** Shared builders for rating tests. */
final class RatingFixtures {
    static final Duration DELTA = Duration.ofSeconds(60);

    private RatingFixtures() {
    }

    /** Settings with the given strategy and climb factor, other values at their defaults. */
    static SearchSettings settings(SearchStrategy strategy, double climbFactor) {
        return SearchSettings.defaults().withStrategy(strategy).withClimbFactor(climbFactor);
    }

    /** Rates a curve without reload or warm-up costs. */
    static RatingReport rate(Curve curve, Sla sla, SearchSettings settings) {
        return new Rater(settings, sla, ReloadPolicy.of(ReloadMode.FULL), RatingCosts.experimentsOnly(DELTA))
                .rate(new CurveExperimenter(curve, sla, DELTA));
    }

    /** Rates a curve given as text with no SLA. */
    static RatingReport rate(String curve, SearchStrategy strategy, double climbFactor) {
        return rate(Curve.parse(curve), Sla.none(), settings(strategy, climbFactor));
    }

    /** A passing result of the given throughput. */
    static ExperimentResult passing(long load, double throughput) {
        return new ExperimentResult(load, throughput, true, true, "", 1, DELTA);
    }

    /** A result failing the SLA. */
    static ExperimentResult failing(long load, double throughput) {
        return new ExperimentResult(load, throughput, false, true, "", 1, DELTA);
    }

    /** An invalid experiment (the load generator limited it) that measured 1 ms at every percentile. */
    static ExperimentResult invalid(long load, double throughput, String reason) {
        return ExperimentResult.invalid(load, throughput, reason, Sla.none(),
                new ExperimentMeasurement(p -> 1_000_000L, 0, DELTA));
    }

    /** An experimenter answering from a function of the load (confirmations reuse it). */
    static Experimenter from(LongFunction<ExperimentResult> answer) {
        return new Experimenter() {
            @Override
            public ExperimentResult run(long loadLevel) {
                return answer.apply(loadLevel);
            }

            @Override
            public ExperimentResult confirm(long loadLevel, Duration sustain) {
                return answer.apply(loadLevel);
            }
        };
    }
}
