package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RaterTest {
    private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

    private static Rater rater(Sla sla, SearchStrategy strategy) {
        return new Rater(RatingFixtures.settings(strategy, 2), sla, ReloadPolicy.of(ReloadMode.FULL),
                RatingCosts.experimentsOnly(RatingFixtures.DELTA));
    }

    /** A quadratic whose confirmation runs fail above {@code holdsUpTo}; records confirmed loads. */
    private static Experimenter sustainedUpTo(QuadraticCurve curve, Sla sla, long holdsUpTo, List<Long> confirmed) {
        CurveExperimenter base = new CurveExperimenter(curve, sla, RatingFixtures.DELTA);
        return new Experimenter() {
            @Override
            public ExperimentResult run(long loadLevel) {
                return base.run(loadLevel);
            }

            @Override
            public ExperimentResult confirm(long loadLevel, Duration sustain) {
                confirmed.add(loadLevel);
                ExperimentResult r = base.confirm(loadLevel, sustain);
                return new ExperimentResult(loadLevel, r.throughputOpsPerSec() * 0.99, r.slaMet() && loadLevel <= holdsUpTo,
                        true, "", r.slaLatencyNanos(), sustain);
            }
        };
    }

    @Test
    void rate_experimentInvalidTwice_stopsThereWithALowerBoundTheReasonAndTheRemedy() {
        CurveExperimenter curve = new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), Sla.none(), RatingFixtures.DELTA);
        Experimenter e = RatingFixtures.from(load -> load < 500 ? curve.run(load)
                : RatingFixtures.invalid(load, 4_000_000, "send lag reached 2.1 s (limit 100 ms)"));
        RatingReport report = rater(Sla.none(), SearchStrategy.GOLDEN).rate(e);
        SearchStop stop = report.stop().orElseThrow();
        assertEquals(512, stop.load());
        assertTrue(stop.generatorLimited());
        assertTrue(stop.reason().contains("send lag reached 2.1 s (limit 100 ms)"), stop.reason());
        assertTrue(stop.reason().contains("more load machines") && stop.reason().contains("--model closed"),
                stop.reason());
        assertEquals(Climb.Outcome.STOPPED, report.climbOutcome());
        // Loads 1 … 256 ran once, 512 twice: the lower bound is the best of the valid ones.
        assertEquals(11, report.experiments().size());
        assertTrue(report.experiments().get(10).repeat());
        assertEquals(1, report.repeats());
        RatingReport.Rating rating = report.rating().orElseThrow();
        assertEquals(256, rating.load());
        assertEquals(curve.run(256).throughputOpsPerSec(), rating.valueOpsPerSec(), 1e-9);
        assertTrue(report.stoppedEarly());
        assertTrue(RatingReportText.render(report).startsWith("Rating: >= "), RatingReportText.render(report));
        assertEquals(true, ((java.util.Map<?, ?>) RatingReportJson.toMap(report).get("rating")).get("lowerBound"));
    }

    @Test
    void rate_experimentInvalidOnce_isRepeatedAndTheSearchGoesOn() {
        CurveExperimenter curve = new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), Sla.none(), RatingFixtures.DELTA);
        int[] runsAt64 = new int[1];
        Experimenter e = RatingFixtures.from(load -> load == 64 && runsAt64[0]++ == 0
                ? RatingFixtures.invalid(load, 1, "a GC pause")
                : curve.run(load));
        RatingReport withHiccup = rater(Sla.none(), SearchStrategy.GOLDEN).rate(e);
        RatingReport clean = rater(Sla.none(), SearchStrategy.GOLDEN).rate(curve);
        assertEquals(2, runsAt64[0]);
        assertTrue(withHiccup.stop().isEmpty());
        assertEquals(1, withHiccup.repeats());
        assertEquals(clean.rating().orElseThrow().load(), withHiccup.rating().orElseThrow().load());
        assertEquals(clean.uniqueExperiments(), withHiccup.uniqueExperiments());
        assertEquals(clean.totalExperiments(), withHiccup.totalExperiments());
    }

    @Test
    void rate_invalidTwiceInsideGoldenSearch_stopsInThatPhase() {
        CurveExperimenter curve = new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), Sla.none(), RatingFixtures.DELTA);
        Experimenter e = RatingFixtures.from(load -> load % 1024 == 0 || load < 1024 ? curve.run(load)
                : RatingFixtures.invalid(load, 1, "client CPU saturated"));
        RatingReport report = rater(Sla.none(), SearchStrategy.GOLDEN).rate(e);
        assertEquals("golden", report.experiments().get(report.experiments().size() - 1).phase());
        assertEquals(Climb.Outcome.BRACKETED, report.climbOutcome());
        assertTrue(report.stop().isPresent());
        assertTrue(report.rating().isPresent());
    }

    @Test
    void rate_invalidAtTheStartLoad_noRatingButAReport() {
        Experimenter e = RatingFixtures.from(load -> RatingFixtures.invalid(load, 1, "client CPU saturated"));
        RatingReport report = rater(Sla.none(), SearchStrategy.GOLDEN).rate(e);
        assertTrue(report.rating().isEmpty());
        assertEquals(2, report.experiments().size());
        assertTrue(RatingReportText.render(report).startsWith("Rating: none (the search stopped at load 1"),
                RatingReportText.render(report));
    }

    @Test
    void rate_slaWithDuration_confirmsTheBestLoadForDelta() {
        Sla sla = Sla.parse("p95<=1s, for 10m");
        List<Long> confirmed = new ArrayList<>();
        QuadraticCurve curve = QuadraticCurve.ofPeak(10_000, Long.MAX_VALUE);
        RatingReport report = rater(sla, SearchStrategy.GOLDEN).rate(sustainedUpTo(curve, sla, Long.MAX_VALUE, confirmed));
        assertEquals(List.of(100L), confirmed);
        RatingReport.Rating rating = report.rating().orElseThrow();
        assertTrue(rating.confirmed());
        assertEquals(100, rating.load());
        assertEquals(10_000 * 0.99, rating.valueOpsPerSec(), 1e-9);
        assertEquals(1, report.confirmations().size());
        assertEquals(TEN_MINUTES, report.confirmations().get(0).duration());
    }

    @Test
    void rate_confirmationFails_fallsBackToTheBestPassingLoadBelowIt() {
        Sla sla = Sla.parse("p95<=1s, for 10m");
        List<Long> confirmed = new ArrayList<>();
        QuadraticCurve curve = QuadraticCurve.ofPeak(10_000, Long.MAX_VALUE);
        RatingReport report = rater(sla, SearchStrategy.GOLDEN).rate(sustainedUpTo(curve, sla, 99, confirmed));
        assertEquals(100L, confirmed.get(0));
        RatingReport.Rating rating = report.rating().orElseThrow();
        assertTrue(rating.load() < 100 && rating.confirmed());
        assertEquals(confirmed.get(confirmed.size() - 1), rating.load());
        long bestBelow = report.experiments().stream().map(ExperimentRecord::result)
                .filter(r -> r.slaMet() && r.loadLevel() < 100).max(ResultOrder.RANK).orElseThrow().loadLevel();
        assertEquals(bestBelow, rating.load());
        assertTrue(report.notes().get(0).contains("confirmation at load 100 failed"), report.notes().toString());
    }

    @Test
    void rate_noConfirmationHolds_givesNoRatingAfterAtMostThreeRuns() {
        Sla sla = Sla.parse("p95<=1s, for 10m");
        List<Long> confirmed = new ArrayList<>();
        QuadraticCurve curve = QuadraticCurve.ofPeak(10_000, Long.MAX_VALUE);
        RatingReport report = rater(sla, SearchStrategy.GOLDEN).rate(sustainedUpTo(curve, sla, 0, confirmed));
        assertTrue(report.rating().isEmpty());
        assertEquals(Rater.MAX_CONFIRMATIONS, confirmed.size());
        for (int i = 1; i < confirmed.size(); i++) {
            assertTrue(confirmed.get(i) < confirmed.get(i - 1), confirmed.toString());
        }
        assertTrue(report.notes().get(report.notes().size() - 1).contains("no rating"), report.notes().toString());
    }

    @Test
    void rate_slaWithoutDuration_ratesTheSearchResultWithoutConfirmation() {
        RatingReport report = RatingFixtures.rate("quadratic:peak=10000", SearchStrategy.GOLDEN, 2);
        assertTrue(report.confirmations().isEmpty());
        assertFalse(report.rating().orElseThrow().confirmed());
    }

    @Test
    void rate_startFailsSla_reportsNoRatingAndSaysWhy() {
        SearchSettings settings = RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withLoads(10, 1000);
        RatingReport report = RatingFixtures.rate(Curve.parse("sqrt:scale=10,slacap=5"), Sla.none(), settings);
        assertTrue(report.rating().isEmpty());
        assertEquals(Climb.Outcome.FAILED_AT_START, report.climbOutcome());
        assertTrue(report.notes().get(0).contains("--start"), report.notes().toString());
    }

    @Test
    void rate_stillRisingAtMaxLoad_ratesTheMaxLoadWithANote() {
        SearchSettings settings = RatingFixtures.settings(SearchStrategy.GOLDEN, 2).withLoads(1, 1000);
        RatingReport report = RatingFixtures.rate(Curve.parse("sqrt:scale=10"), Sla.none(), settings);
        assertEquals(1000, report.rating().orElseThrow().load());
        assertEquals(Climb.Outcome.REACHED_MAX_LOAD, report.climbOutcome());
        assertTrue(report.notes().get(0).contains("--max-load 1000"), report.notes().toString());
        assertEquals(11, report.uniqueExperiments());
    }

    @Test
    void rate_memoHits_areCountedButCostNoTime() {
        RatingReport report = RatingFixtures.rate("quadratic:peak=100000000", SearchStrategy.GOLDEN, 2);
        assertTrue(report.memoHits() > 0);
        assertEquals(report.totalExperiments(), report.experiments().size());
        assertEquals(report.memoHits(), report.experiments().stream().filter(ExperimentRecord::memoHit).count());
        assertEquals(report.uniqueExperiments(), report.time().experiments());
        long distinctLoads = report.experiments().stream().map(r -> r.result().loadLevel()).distinct().count();
        assertEquals(report.uniqueExperiments(), distinctLoads);
    }
}
