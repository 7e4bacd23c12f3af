package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.openmark.rating.RatingFixtures.passing;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HillClimbTest {

    private static List<Long> loads(MemoizingExperimenter memo) {
        return memo.log().stream().map(r -> r.result().loadLevel()).toList();
    }

    @Test
    void run_papersQuadraticWithFactor4_multipliesUntilThroughputFallsAndBracketsThePeak() {
        MemoizingExperimenter memo = new MemoizingExperimenter(
                new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), Sla.none(), Duration.ofSeconds(1)));
        Climb climb = new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 4)).run(memo);
        assertEquals(List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L), loads(memo));
        assertEquals(Climb.Outcome.BRACKETED, climb.outcome());
        assertEquals(1024, climb.lowLoad());
        assertEquals(4096, climb.best().loadLevel());
        assertEquals(16384, climb.highLoad());
    }

    @Test
    void run_fractionalFactor_roundsHalfUpAndAlwaysMovesByAtLeastOne() {
        SearchSettings s = RatingFixtures.settings(SearchStrategy.GOLDEN, 1.5).withLoads(1, 18);
        MemoizingExperimenter memo = new MemoizingExperimenter(
                new CurveExperimenter(Curve.parse("plateau:max=1000000,knee=1000000"), Sla.none(), Duration.ofSeconds(1)));
        Climb climb = new HillClimb(s).run(memo);
        assertEquals(List.of(1L, 2L, 3L, 5L, 8L, 12L, 18L), loads(memo));
        assertEquals(Climb.Outcome.REACHED_MAX_LOAD, climb.outcome());
        assertEquals(18, climb.best().loadLevel());
    }

    @Test
    void run_riseOfExactlyEpsilon_stopsAndRiseAboveEpsilonClimbs() {
        Map<Long, Double> flatAtFour = Map.of(1L, 100.0, 2L, 200.0, 4L, 250.0, 8L, 400.0);
        MemoizingExperimenter memo = new MemoizingExperimenter(
                RatingFixtures.from(load -> passing(load, flatAtFour.get(load))));
        Climb climb = new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withEpsilon(0.25)).run(memo);
        assertEquals(List.of(1L, 2L, 4L), loads(memo));
        assertEquals(2, climb.best().loadLevel());
        assertEquals(4, climb.highLoad());

        MemoizingExperimenter lowerEpsilon = new MemoizingExperimenter(
                RatingFixtures.from(load -> passing(load, flatAtFour.getOrDefault(load, 0.0))));
        Climb further = new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withEpsilon(0.24)).run(lowerEpsilon);
        assertEquals(8, further.best().loadLevel());
    }

    @Test
    void run_stepFailsSla_stopsThereEvenIfThroughputRose() {
        MemoizingExperimenter memo = new MemoizingExperimenter(
                new CurveExperimenter(Curve.parse("sqrt:scale=1000,slacap=100"), Sla.none(), Duration.ofSeconds(1)));
        Climb climb = new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 2)).run(memo);
        assertEquals(64, climb.best().loadLevel());
        assertEquals(32, climb.lowLoad());
        assertEquals(128, climb.highLoad());
    }

    @Test
    void run_startFailsSla_reportsFailedAtStart() {
        MemoizingExperimenter memo = new MemoizingExperimenter(
                new CurveExperimenter(Curve.parse("sqrt:scale=1000,slacap=4"), Sla.none(), Duration.ofSeconds(1)));
        Climb climb = new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withLoads(8, 1000)).run(memo);
        assertEquals(Climb.Outcome.FAILED_AT_START, climb.outcome());
        assertEquals(List.of(8L), loads(memo));
    }

    @Test
    void run_invalidExperiment_throwsRatingException() {
        Experimenter e = RatingFixtures.from(load -> load < 8 ? passing(load, load * 100.0)
                : RatingFixtures.invalid(load, 700, "send lag"));
        assertThrows(RatingException.class, () -> new HillClimb(RatingFixtures.settings(SearchStrategy.GOLDEN, 2)).run(e));
    }
}
