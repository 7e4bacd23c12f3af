package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.rating.RatingFixtures.passing;
import static org.openmark.rating.RatingFixtures.rate;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GoldenSectionSearchTest {

    private static final double LOG_PHI = Math.log((1 + Math.sqrt(5)) / 2);

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 10, 1000, 12_345, 999_999, 100_000_000L, 123_456_789_012L})
    void rate_quadraticPeaks_findsTheExactPeakForClimbFactors2To4(long peak) {
        QuadraticCurve curve = QuadraticCurve.ofPeak(peak, Long.MAX_VALUE);
        for (double r : new double[] {2, 3, 4}) {
            RatingReport report = rate(curve, Sla.none(), RatingFixtures.settings(SearchStrategy.GOLDEN, r));
            RatingReport.Rating rating = report.rating().orElseThrow();
            assertEquals(curve.peakLoad(), rating.load(), "peak " + peak + ", r " + r);
            assertEquals((double) peak, rating.valueOpsPerSec(), "peak " + peak + ", r " + r);
        }
    }

    @Test
    void rate_seededRandomQuadraticPeaks_areAllExact() {
        SplittableRandom random = new SplittableRandom(2024);
        for (int i = 0; i < 200; i++) {
            long peak = 1 + random.nextLong(1_000_000_000_000L);
            QuadraticCurve curve = QuadraticCurve.ofPeak(peak, Long.MAX_VALUE);
            RatingReport report = rate(curve, Sla.none(), RatingFixtures.settings(SearchStrategy.GOLDEN, 2));
            assertEquals(curve.peakLoad(), report.rating().orElseThrow().load(), "peak " + peak);
        }
    }

    @Test
    void rate_papersQuadraticWithFactor4_costsAFixedNumberOfExperiments() {
        RatingReport report = RatingFixtures.rate("quadratic:peak=100000000", SearchStrategy.GOLDEN, 4);
        // 8 climb steps (1, 4, …, 16384), then golden on [1024, 16384]: about
        // log(15360 / 4) / log(phi) = 17 interior points, plus the final sweep.
        assertEquals(29, report.uniqueExperiments());
        assertEquals(35, report.totalExperiments());
        assertEquals(6, report.memoHits());
        assertEquals(10_000, report.rating().orElseThrow().load());
    }

    @Test
    void search_seededRandomUnimodalCurves_findsTheExactPeakWithinTheCostBound() {
        SplittableRandom random = new SplittableRandom(99);
        for (int i = 0; i < 300; i++) {
            int size = 5 + random.nextInt(3000);
            int peakAt = 1 + random.nextInt(size);
            double[] throughput = new double[size + 1];
            throughput[peakAt] = 1e6;
            for (int x = peakAt - 1; x >= 1; x--) {
                throughput[x] = throughput[x + 1] - 1 - random.nextInt(1000);
            }
            for (int x = peakAt + 1; x <= size; x++) {
                throughput[x] = throughput[x - 1] - 1 - random.nextInt(1000);
            }
            MemoizingExperimenter memo = new MemoizingExperimenter(
                    RatingFixtures.from(load -> passing(load, Math.max(0, throughput[(int) load]))));
            long low = 1 + random.nextInt(peakAt);
            long high = peakAt + random.nextInt(size - peakAt + 1);
            Climb bracket = new Climb(Climb.Outcome.BRACKETED, low, memo.run(low), high);
            ExperimentResult best = new GoldenSectionSearch().search(bracket, memo);
            assertEquals(peakAt, best.loadLevel(), "curve " + i + " bracket [" + low + ", " + high + "]");
            double bound = 2 + Math.ceil(Math.log(Math.max(1, high - low) / 4.0) / LOG_PHI) + 2
                    + GoldenSectionSearch.SWEEP_POINTS;
            assertTrue(memo.uniqueExperiments() <= bound, memo.uniqueExperiments() + " > " + bound);
        }
    }

    @Test
    void rate_slaCapBelowPeak_ratesTheHighestPassingLoad() {
        RatingReport report = rate(Curve.parse("quadratic:peak=100000000,slacap=7000"), Sla.none(),
                RatingFixtures.settings(SearchStrategy.GOLDEN, 4));
        RatingReport.Rating rating = report.rating().orElseThrow();
        assertEquals(7000, rating.load());
        assertEquals(7000.0 * 13000, rating.valueOpsPerSec());
    }

    @Test
    void rate_latencySlaOnSqrtCurve_ratesTheLastLoadWithinTheBound() {
        // Little's law: R(T) = T / (1000 √T) s = √T ms, so p95 <= 10 ms holds up to T = 100.
        Sla sla = Sla.parse("p95<=10ms");
        RatingReport report = rate(Curve.parse("sqrt:scale=1000"), sla, RatingFixtures.settings(SearchStrategy.GOLDEN, 2));
        assertEquals(100, report.rating().orElseThrow().load());
        assertEquals(10_000.0, report.rating().orElseThrow().valueOpsPerSec());
    }

    @Test
    void rate_plateau_ratesTheKnee() {
        for (long knee : new long[] {1, 7, 64, 1000, 4097}) {
            RatingReport report = rate(new PlateauCurve(5e6, knee, Long.MAX_VALUE), Sla.none(),
                    RatingFixtures.settings(SearchStrategy.GOLDEN, 2));
            assertEquals(knee, report.rating().orElseThrow().load(), "knee " + knee);
        }
    }
}
