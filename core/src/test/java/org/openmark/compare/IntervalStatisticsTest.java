package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.openmark.measure.Measurements;

/** The interval statistics against values worked by hand and against analytic truth. */
class IntervalStatisticsTest {
    private static final double[] PS = {50, 90, 99, 99.9};

    @Test
    void effectiveSize_alternatingSeries_isN() {
        // Deviations +-1 alternate: rho_1 = -5/6. Lags up to n/4 + 1 = 2, so one pair: 1 - 5/6 = 1/6 and
        // tau = -1 + 2/6 < 1, held at 1; corrected by tau/n = 1/6: 2/6, tau = -1 + 4/6, held at 1.
        // n_eff = 6/1 = 6: anti-correlated intervals count in full.
        assertEquals(6, IntervalStatistics.effectiveSize(new double[] {10, 12, 10, 12, 10, 12}), 1e-12);
    }

    @Test
    void effectiveSize_handComputed() {
        // 3 1 4 1 5 9 2 6 5 3 5 8: mean 4.3333, sum of squares 70.667; lag sums -5.4444, -6.2222, 19.333, -22.444.
        double[] x = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
        double[] rho = IntervalStatistics.autocorrelations(x);
        double c0 = 70 + 2.0 / 3;
        assertEquals(-5.444444 / c0, rho[1], 1e-6);
        assertEquals(-6.222222 / c0, rho[2], 1e-6);
        assertEquals(19.333333 / c0, rho[3], 1e-6);
        // Lags up to 12/4 + 1 = 4: pairs rho_0 + rho_1 = 0.922956 and rho_2 + rho_3 = 0.185535:
        // tau = -1 + 2 * 1.108491 = 1.216981.
        double first = IntervalStatistics.integratedTime(java.util.Arrays.copyOf(rho, 5), 0);
        assertEquals(1.216981, first, 1e-6);
        // Corrected by 1.216981/12 = 0.101415 per lag: 1.024371 and 0.185535 + 0.202830 = 0.388365:
        // tau = -1 + 2 * 1.412736 = 1.825472, n_eff = 12 / 1.825472 = 6.5736.
        assertEquals(1.825472, IntervalStatistics.integratedTime(java.util.Arrays.copyOf(rho, 5), first / 12), 1e-6);
        assertEquals(6.5736, IntervalStatistics.effectiveSize(x), 1e-4);
    }

    @Test
    void effectiveSize_trend_heldAtTwo() {
        // 1..8: mean 4.5, sum of squares 42; lag sums 26.25, 11.5, -1.25, ... Lags up to 3: pairs 1.625 and
        // 0.244048: tau = 2.738095; corrected by 0.342262 per lag: 1.967262 + 0.928571, tau = 4.791667;
        // 8 / 4.79 = 1.67, held at 2 (a t-test needs a degree of freedom).
        double[] x = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] rho = IntervalStatistics.autocorrelations(x);
        assertArrayEquals(new double[] {1, 26.25 / 42, 11.5 / 42, -1.25 / 42, -11 / 42.0, -16.75 / 42, -17.5 / 42,
            -12.25 / 42}, rho, 1e-12);
        double[] initial = java.util.Arrays.copyOf(rho, 4);
        double first = IntervalStatistics.integratedTime(initial, 0);
        assertEquals(2.738095, first, 1e-6);
        assertEquals(4.791667, IntervalStatistics.integratedTime(initial, first / 8), 1e-6);
        assertEquals(2, IntervalStatistics.effectiveSize(x), 1e-12);
        // The whole sequence (no cap): a third pair, -0.660714 + 0.684524 > 0, is added too.
        assertEquals(4.839286, IntervalStatistics.integratedTime(rho, first / 8), 1e-6);
    }

    @Test
    void effectiveSize_constantOrTiny_countsAsIndependent() {
        assertEquals(5, IntervalStatistics.effectiveSize(new double[] {3, 3, 3, 3, 3}), 1e-12);
        assertEquals(3, IntervalStatistics.effectiveSize(new double[] {1, 2, 3}), 1e-12);
    }

    @Test
    void means_welchHandExample() {
        // a: mean 11, variance 6/5 = 1.2; b: mean 13, variance 1.2; both alternate, so n_eff = 6.
        // se^2 = 1.2/6 + 1.2/6 = 0.4; t = 2/sqrt(0.4) = 3.1623; df = 0.16 / (2 * 0.04^2 / 5) = 10.
        IntervalStatistics.Change c = IntervalStatistics.means(new double[] {10, 12, 10, 12, 10, 12},
                new double[] {12, 14, 12, 14, 12, 14});
        assertEquals(11, c.baseline(), 1e-12);
        assertEquals(13, c.candidate(), 1e-12);
        assertEquals(2.0 / 11, c.relative(), 1e-12);
        TDistribution t10 = new TDistribution(10);
        assertEquals(2 * t10.cumulativeProbability(-2 / Math.sqrt(0.4)), c.pValue(), 1e-12);
        assertEquals(0.0101, c.pValue(), 5e-5, "two-sided p of t = 3.1623 with 10 df, from a t table");
        double half = 2.228139 * Math.sqrt(0.4); // t(0.975, 10) = 2.228139
        assertEquals((2 - half) / 11, c.ciLow(), 1e-6);
        assertEquals((2 + half) / 11, c.ciHigh(), 1e-6);
    }

    @Test
    void means_autocorrelatedSeries_widerThanIndependent() {
        double[] slow = {10, 10.5, 11, 11.5, 12, 12.5, 13, 13.5, 14, 14.5, 15, 15.5};
        double[] shifted = new double[slow.length];
        for (int i = 0; i < slow.length; i++) {
            shifted[i] = slow[i] + 1;
        }
        IntervalStatistics.Change correlated = IntervalStatistics.means(slow, shifted);
        // The same values in an order without a trend.
        double[] a = {10, 13, 11.5, 15, 10.5, 14, 12, 15.5, 11, 13.5, 12.5, 14.5};
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] + 1;
        }
        IntervalStatistics.Change shuffled = IntervalStatistics.means(a, b);
        assertEquals(correlated.relative(), shuffled.relative(), 1e-12);
        assertTrue(correlated.ciHigh() - correlated.ciLow() > 1.5 * (shuffled.ciHigh() - shuffled.ciLow()),
                correlated + " vs " + shuffled);
        assertTrue(correlated.pValue() > shuffled.pValue());
    }

    @Test
    void percentiles_handExample() {
        // ln(110/100) = 0.09531; se = sqrt(0.02^2 + 0.02^2) = 0.028284; t = 3.3697;
        // df = 0.0008^2 / (2 * 0.0004^2 / 29) = 58; t(0.975, 58) = 2.001717.
        IntervalStatistics.Change c = IntervalStatistics.percentiles(new PercentileBootstrap.Estimate(100, 0.02, 30),
                new PercentileBootstrap.Estimate(110, 0.02, 30));
        assertEquals(0.1, c.relative(), 1e-12);
        assertEquals(Math.expm1(Math.log(1.1) - 2.001717 * Math.sqrt(0.0008)), c.ciLow(), 1e-6);
        assertEquals(0.039451, c.ciLow(), 1e-6);
        assertEquals(0.164076, c.ciHigh(), 1e-6);
        assertEquals(2 * new TDistribution(58).cumulativeProbability(-Math.log(1.1) / Math.sqrt(0.0008)), c.pValue(),
                1e-12);
        assertTrue(c.pValue() > 0.001 && c.pValue() < 0.002, "t = 3.37 with 58 df: " + c.pValue());
    }

    @Test
    void percentiles_pValueIsNotLimitedByTheResamples() {
        // A 30 % change with 1 % standard errors: p far below 1/resamples, as Holm needs with many figures.
        IntervalStatistics.Change c = IntervalStatistics.percentiles(new PercentileBootstrap.Estimate(100, 0.01, 60),
                new PercentileBootstrap.Estimate(130, 0.01, 60));
        assertTrue(c.pValue() < 1e-20, "p = " + c.pValue());
        assertTrue(c.pValue() > 0);
    }

    @Test
    void percentiles_intervalAndTestAgree() {
        for (double q : new double[] {101, 102, 103, 104, 105, 106, 107}) {
            IntervalStatistics.Change c = IntervalStatistics.percentiles(new PercentileBootstrap.Estimate(100, 0.02,
                    12), new PercentileBootstrap.Estimate(q, 0.015, 20));
            assertEquals(c.pValue() < 0.05, c.ciLow() > 0, "p " + c.pValue() + ", interval " + c.ciLow());
        }
    }

    @Test
    void bootstrap_independentExponentialIntervals_matchesTheAnalyticStandardError() {
        // For n samples of an exponential distribution, the standard error of ln(q_p) is
        // sqrt(p(1-p)/n) / (f(q) q) with f(q) q = (1-p) ln(1/(1-p)): p50 -> 1.4427/sqrt(n), p99 -> 2.1606/sqrt(n).
        int intervals = 60;
        int perInterval = 1000;
        double n = intervals * perInterval;
        double[] analytic = {Math.sqrt(0.25 / n) / (0.5 * Math.log(2)), Math.sqrt(0.09 / n) / (0.1 * Math.log(10)),
            Math.sqrt(0.0099 / n) / (0.01 * Math.log(100))};
        double[] sum = new double[3];
        int datasets = 12;
        SplittableRandom random = new SplittableRandom(7);
        for (int d = 0; d < datasets; d++) {
            RunData r = SyntheticRuns.run("r", intervals, perInterval, List.of("OP"), 0, 0, 1000, random);
            PercentileBootstrap.Estimate[] e = PercentileBootstrap.estimate(r.response().get("OP"), PS, 1000, d);
            for (int j = 0; j < 3; j++) {
                sum[j] += e[j].logSe() / datasets;
            }
        }
        for (int j = 0; j < 3; j++) {
            double ratio = sum[j] / analytic[j];
            assertTrue(ratio > 0.9 && ratio < 1.2, "p" + PS[j] + ": bootstrap " + sum[j] + " vs analytic "
                    + analytic[j]);
        }
    }

    @Test
    void bootstrap_value_isTheMergedHistogramsPercentile() {
        RunData r = SyntheticRuns.run("r", 20, 500, List.of("OP"), 0, 0, 1000, new SplittableRandom(3));
        Histogram merged = Measurements.newHistogram();
        r.response().get("OP").forEach(merged::add);
        PercentileBootstrap.Estimate[] e = PercentileBootstrap.estimate(r.response().get("OP"), PS, 200, 1);
        for (int j = 0; j < PS.length; j++) {
            assertEquals(merged.getValueAtPercentile(PS[j]), e[j].value(), 0, "p" + PS[j]);
        }
    }

    @Test
    void bootstrap_sameSeed_sameErrors_emptyIntervalsLeftOut() {
        List<Histogram> intervals = new ArrayList<>(SyntheticRuns.run("r", 12, 300, List.of("OP"), 0, 0, 1000,
                new SplittableRandom(5)).response().get("OP"));
        PercentileBootstrap.Estimate[] a = PercentileBootstrap.estimate(intervals, PS, 300, 9);
        PercentileBootstrap.Estimate[] b = PercentileBootstrap.estimate(intervals, PS, 300, 9);
        assertEquals(a[1], b[1]);
        intervals.add(3, Measurements.newHistogram());
        PercentileBootstrap.Estimate[] withEmpty = PercentileBootstrap.estimate(intervals, PS, 300, 9);
        assertEquals(a[1].value(), withEmpty[1].value(), 0);
        assertTrue(withEmpty[1].effectiveIntervals() <= 12);
    }

    @Test
    void bootstrap_constantLatency_noError() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Histogram h = Measurements.newHistogram();
            h.recordValueWithCount(500, 100);
            intervals.add(h);
        }
        PercentileBootstrap.Estimate[] e = PercentileBootstrap.estimate(intervals, PS, 200, 1);
        assertEquals(500, e[0].value(), 0);
        assertEquals(0, e[0].logSe(), 1e-12);
    }
}
