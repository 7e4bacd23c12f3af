package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** The comparison of two estimates on the log scale, against values worked by hand. */
class IntervalStatisticsTest {
    private static FigureEstimate estimate(double value, double se, double df) {
        return new FigureEstimate(value, Math.log(value), se * se, df, null);
    }

    @Test
    void logRatio_handExample() {
        // ln(110/100) = 0.09531; se = sqrt(0.02^2 + 0.02^2) = 0.028284; t = 3.3697;
        // df = 0.0008^2 / (2 * 0.0004^2 / 29) = 58; t(0.975, 58) = 2.001717.
        IntervalStatistics.Change c = IntervalStatistics.logRatio(estimate(100, 0.02, 29), estimate(110, 0.02, 29));
        assertEquals(0.1, c.relative(), 1e-12);
        assertEquals(Math.expm1(Math.log(1.1) - 2.001717 * Math.sqrt(0.0008)), c.ciLow(), 1e-6);
        assertEquals(0.039451, c.ciLow(), 1e-6);
        assertEquals(0.164076, c.ciHigh(), 1e-6);
        assertEquals(2 * new TDistribution(58).cumulativeProbability(-Math.log(1.1) / Math.sqrt(0.0008)), c.pValue(),
                1e-12);
        assertTrue(c.pValue() > 0.001 && c.pValue() < 0.002, "t = 3.37 with 58 df: " + c.pValue());
    }

    @Test
    void logRatio_twoDegreesOfFreedomEach() {
        // Two runs' jackknives: df = (2 * 0.01)^2 / (2 * 0.01^2 / 2) = 4; t(0.975, 4) = 2.776445.
        IntervalStatistics.Change c = IntervalStatistics.logRatio(estimate(100, 0.1, 2), estimate(100, 0.1, 2));
        assertEquals(0, c.relative(), 0);
        assertEquals(Math.expm1(-2.776445 * Math.sqrt(0.02)), c.ciLow(), 1e-6);
        assertEquals(Math.expm1(2.776445 * Math.sqrt(0.02)), c.ciHigh(), 1e-6);
        assertEquals(1, c.pValue(), 1e-12);
    }

    @Test
    void logRatio_hugeVariance_neverBelowMinusOneHundredPercent() {
        IntervalStatistics.Change c = IntervalStatistics.logRatio(estimate(30_000, 1.5, 2), estimate(20_000, 1.5, 2));
        assertTrue(c.ciLow() > -1 && c.ciLow() < -0.99, "a fall by all of it is the limit: " + c.ciLow());
        assertTrue(c.ciHigh() > 10, c.toString());
    }

    @Test
    void logRatio_pValueIsContinuous() {
        // A 30 % change with 1 % standard errors: p far below any fixed resolution, as Holm needs with many figures.
        IntervalStatistics.Change c = IntervalStatistics.logRatio(estimate(100, 0.01, 59), estimate(130, 0.01, 59));
        assertTrue(c.pValue() < 1e-20, "p = " + c.pValue());
        assertTrue(c.pValue() > 0);
    }

    @Test
    void logRatio_intervalAndTestAgree() {
        for (double q : new double[] {101, 102, 103, 104, 105, 106, 107}) {
            IntervalStatistics.Change c = IntervalStatistics.logRatio(estimate(100, 0.02, 11), estimate(q, 0.015, 19));
            assertEquals(c.pValue() < 0.05, c.ciLow() > 0, "p " + c.pValue() + ", interval " + c.ciLow());
        }
    }

    @Test
    void logRatio_noVariationAtAll_anyDifferenceIsReal() {
        IntervalStatistics.Change same = IntervalStatistics.logRatio(estimate(500, 0, 2), estimate(500, 0, 2));
        assertEquals(1, same.pValue());
        IntervalStatistics.Change other = IntervalStatistics.logRatio(estimate(500, 0, 2), estimate(510, 0, 2));
        assertEquals(0, other.pValue());
        assertEquals(0.02, other.ciLow(), 1e-12);
    }
}
