package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Sample moments against the analytic ones, within 5 standard errors. */
class DistributionSamplingTest {
    private static final int COUNT = 200_000;

    private static double[] draw(LatencyDistribution d, long seed) {
        double[] out = new double[COUNT];
        d.fillMs(new SplittableRandom(seed), out, 0, COUNT);
        return out;
    }

    private static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return sum / xs.length;
    }

    private static void assertMean(double expected, double sd, double[] xs) {
        double tolerance = 5 * sd / Math.sqrt(xs.length);
        assertEquals(expected, mean(xs), tolerance, "mean");
    }

    @Test
    void exponential_meanIsOneOverRate() {
        double[] xs = draw(new Exponential(0.183), 1);
        assertMean(1 / 0.183, 1 / 0.183, xs);
        for (double x : xs) {
            assertTrue(x >= 0);
        }
    }

    @Test
    void exponential_sampleMsAndFillMs_sameDistribution() {
        Exponential e = new Exponential(2);
        SplittableRandom rng = new SplittableRandom(2);
        double[] xs = new double[COUNT];
        for (int i = 0; i < COUNT; i++) {
            xs[i] = e.sampleMs(rng);
        }
        assertMean(0.5, 0.5, xs);
    }

    @Test
    void pareto_meanAndMinimumMatchTheory() {
        double xm = 0.235;
        double alpha = 10;
        double[] xs = draw(new Pareto(xm, alpha), 3);
        double mean = alpha * xm / (alpha - 1);
        double sd = Math.sqrt(xm * xm * alpha / ((alpha - 1) * (alpha - 1) * (alpha - 2)));
        assertMean(mean, sd, xs);
        for (double x : xs) {
            assertTrue(x >= xm, "below the scale: " + x);
        }
    }

    @Test
    void pareto_tinyShape_isCappedNotInfinite() {
        for (double x : draw(new Pareto(1, 0.01), 4)) {
            assertTrue(x >= 1 && x <= Pareto.CAP_MS, "sample " + x);
        }
    }

    @Test
    void uniform_meanAndBounds() {
        double[] xs = draw(new Uniform(2, 6), 5);
        assertMean(4, 4 / Math.sqrt(12), xs);
        for (double x : xs) {
            assertTrue(x >= 2 && x < 6);
        }
    }

    @Test
    void truncatedNormal_halfNormalMeanAndNoNegatives() {
        // normal(0,1) conditioned on >= 0 is the half-normal: mean sqrt(2/pi), variance 1 - 2/pi
        double[] xs = draw(new TruncatedNormal(0, 1), 6);
        assertMean(Math.sqrt(2 / Math.PI), Math.sqrt(1 - 2 / Math.PI), xs);
        for (double x : xs) {
            assertTrue(x >= 0);
        }
    }

    @Test
    void constant_alwaysTheValue() {
        for (double x : draw(new Constant(7.5), 7)) {
            assertEquals(7.5, x);
        }
    }

    @Test
    void mixture_componentsAppearInProportionToWeights() {
        LatencyDistribution m = DistributionParser.parse("--w", "0.3*const(1)+0.7*const(2)", java.nio.file.Path.of("."));
        int ones = 0;
        for (double x : draw(m, 8)) {
            assertTrue(x == 1 || x == 2, "sample " + x);
            ones += x == 1 ? 1 : 0;
        }
        double p = (double) ones / COUNT;
        assertEquals(0.3, p, 5 * Math.sqrt(0.3 * 0.7 / COUNT));
    }

    @Test
    void mixture_threeParts_meanIsWeightedMean() {
        LatencyDistribution m = DistributionParser.parse("--w", "0.2*exp(1)+0.5*uniform(0,4)+0.3*const(10)",
                java.nio.file.Path.of("."));
        double mean = 0.2 * 1 + 0.5 * 2 + 0.3 * 10;
        double secondMoment = 0.2 * 2 + 0.5 * 16.0 / 3 + 0.3 * 100;
        assertMean(mean, Math.sqrt(secondMoment - mean * mean), draw(m, 9));
    }

    @Test
    void empirical_resamplesUniformly() {
        Empirical e = new Empirical("test", new double[] {1, 2, 3, 4});
        double[] xs = draw(e, 10);
        int[] seen = new int[5];
        for (double x : xs) {
            seen[(int) x]++;
        }
        for (int v = 1; v <= 4; v++) {
            assertEquals(0.25, (double) seen[v] / COUNT, 5 * Math.sqrt(0.25 * 0.75 / COUNT), "value " + v);
        }
    }
}
