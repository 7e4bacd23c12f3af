package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.measure.Measurements;

/** The jackknife over a run's thirds, by hand and against analytic truth. */
class BatchJackknifeTest {
    private static List<RunData.Interval> seconds(int n) {
        List<RunData.Interval> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new RunData.Interval(i, 1));
        }
        return out;
    }

    private static Histogram of(long... values) {
        Histogram h = Measurements.newHistogram();
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void estimate_mean_handComputed() {
        // Thirds {100, 100}, {200, 200}, {400, 400}: the whole mean is 233.33; without each third
        // 300, 250, 150. Their logs 5.703782, 5.521461, 5.010635 have mean 5.411959 and squared
        // deviations 0.085161, 0.011991, 0.161061: variance 2/3 * 0.258213 = 0.172142, 2 degrees of freedom.
        List<Histogram> intervals = List.of(of(100), of(100), of(200), of(200), of(400), of(400));
        FigureEstimate e = BatchJackknife.estimate(intervals, seconds(6), new Statistic.Mean(), 3);
        assertEquals(700 / 3.0, e.value(), 1e-9);
        assertEquals(Math.log(700 / 3.0), e.logValue(), 1e-12);
        assertEquals(0.172142, e.logVariance(), 1e-6);
        assertEquals(2, e.degreesOfFreedom());
        assertNull(e.notJudged());
    }

    @Test
    void batches_aTenthOfTheP90BurstsAndAThirdOfTheMemoriesWithinBounds() {
        assertEquals(20, BatchJackknife.batches(60, 3000, 1), "independent operations: the most");
        assertEquals(9, BatchJackknife.batches(60, 95, 1));
        assertEquals(3, BatchJackknife.batches(60, 9, 1), "a bursty run: the fewest");
        assertEquals(4, BatchJackknife.batches(12, 3000, 1), "batches last three times the run's memory");
        assertEquals(6, BatchJackknife.batches(60, 3000, 3.2), "60 / (3 * 3.2) = 6.25");
    }

    @Test
    void estimate_percentile_isTheMergedHistogramsOwn() {
        SplittableRandom random = new SplittableRandom(3);
        RunData r = SyntheticRuns.run("r", 20, 500, List.of("OP"), 0, 0, 1000, random);
        Histogram merged = Measurements.newHistogram();
        r.response().get("OP").forEach(merged::add);
        for (double p : Comparison.PERCENTILES) {
            FigureEstimate e = BatchJackknife.estimate(r.response().get("OP"), r.intervals(),
                    new Statistic.Percentile(p), 3);
            assertEquals(merged.getValueAtPercentile(p), e.value(), 0, "p" + p);
        }
    }

    @Test
    void estimate_rate_aThirdWithoutOperationsCounts() {
        // Thirds of 4, 2 and 0 operations over 2 s each: 1 op/s; without each third 2/4, 4/4 and 6/4 per
        // second. Logs -0.693147, 0, 0.405465: mean -0.095894, squared deviations 0.356711, 0.009196,
        // 0.251361: variance 2/3 * 0.617268 = 0.411512.
        List<Histogram> intervals = List.of(of(5, 5), of(5, 5), of(5), of(5), of(), of());
        FigureEstimate e = BatchJackknife.estimate(intervals, seconds(6), new Statistic.Rate(), 3);
        assertEquals(1, e.value(), 1e-12);
        assertEquals(0.411512, e.logVariance(), 1e-6);
        assertNull(e.notJudged());
    }

    @Test
    void estimate_aThirdWithoutOperations_notJudged() {
        List<Histogram> intervals = List.of(of(100), of(100), of(), of(), of(400), of(400));
        FigureEstimate e = BatchJackknife.estimate(intervals, seconds(6), new Statistic.Percentile(50), 3);
        assertNotNull(e.notJudged());
        assertEquals("a stretch of the run has no such operation", e.notJudged());
    }

    @Test
    void estimate_constantLatency_noVariance() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            Histogram h = Measurements.newHistogram();
            h.recordValueWithCount(500, 100);
            intervals.add(h);
        }
        FigureEstimate e = BatchJackknife.estimate(intervals, seconds(9), new Statistic.Percentile(99), 3);
        assertEquals(500, e.value(), 0);
        assertEquals(0, e.logVariance(), 0);
    }

    /**
     * For n independent exponential latencies the variance of ln(mean) is 1/n, and of ln(q_p)
     * p/((1−p)·n·ln²(1/(1−p))) (the percentile's asymptotic variance p(1−p)/(n f(q)²) over q²).
     * The jackknife's variance, averaged over 300 runs of 30 intervals of 100, must match within
     * 15 % (its own error over 300 runs of 2 degrees of freedom is about 6 %).
     */
    @Test
    void estimate_independentExponential_matchesTheAnalyticVariance() {
        int runs = 300;
        double n = 30 * 100;
        double[] ps = {50, 90};
        double[] analytic = new double[ps.length + 1];
        analytic[0] = 1 / n;
        for (int j = 0; j < ps.length; j++) {
            double p = ps[j] / 100;
            double q = Math.log(1 / (1 - p));
            analytic[j + 1] = p / ((1 - p) * n * q * q);
        }
        double[] mean = new double[analytic.length];
        SplittableRandom random = new SplittableRandom(11);
        for (int r = 0; r < runs; r++) {
            RunData run = SyntheticRuns.run("r", 30, 100, List.of("OP"), 0, 0, 10_000, random);
            List<Histogram> h = run.response().get("OP");
            mean[0] += BatchJackknife.estimate(h, run.intervals(), new Statistic.Mean(), 3).logVariance() / runs;
            for (int j = 0; j < ps.length; j++) {
                mean[j + 1] += BatchJackknife.estimate(h, run.intervals(), new Statistic.Percentile(ps[j]), 3)
                        .logVariance() / runs;
            }
        }
        for (int j = 0; j < analytic.length; j++) {
            double ratio = mean[j] / analytic[j];
            assertTrue(ratio > 0.85 && ratio < 1.15, (j == 0 ? "mean" : "p" + ps[j - 1]) + ": jackknife " + mean[j]
                    + " vs analytic " + analytic[j]);
        }
    }
}
