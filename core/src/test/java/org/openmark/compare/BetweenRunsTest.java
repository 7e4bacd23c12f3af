package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** A side of several runs, by hand. */
class BetweenRunsTest {
    @Test
    void of_threeRuns_geometricMeanAndTheirSpread() {
        // ln 100, ln 200, ln 400 = ln 200 -+ ln 2: mean ln 200, s^2 = 2 ln^2 2 / 2 = 0.480453, / 3 = 0.160151.
        FigureEstimate e = BetweenRuns.of(new double[] {100, 200, 400}, new Statistic.Mean());
        assertEquals(200, e.value(), 1e-9);
        assertEquals(Math.log(2) * Math.log(2) / 3, e.logVariance(), 1e-12);
        assertEquals(2, e.degreesOfFreedom());
    }

    @Test
    void of_aRunWithoutTheOperation_notJudged() {
        assertNotNull(BetweenRuns.of(new double[] {100, Double.NaN}, new Statistic.Mean()).notJudged());
    }
}
