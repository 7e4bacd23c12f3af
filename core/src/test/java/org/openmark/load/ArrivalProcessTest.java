package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.config.ConfigException;

/** Each arrival process against its analytic mean and coefficient of variation, on fixed seeds. */
class ArrivalProcessTest {
    private static final double RATE = 20_000;
    private static final double MEAN_NANOS = 1e9 / RATE;

    static Stream<Arguments> processes() {
        return Stream.of(
                Arguments.of(new ArrivalProcess.Constant(), 0.0, 0.001),
                Arguments.of(new ArrivalProcess.Poisson(), 1.0, 0.02),
                Arguments.of(new ArrivalProcess.HyperExponential(2), 2.0, 0.06),
                Arguments.of(new ArrivalProcess.HyperExponential(4), 4.0, 0.2),
                // Pareto with α = 3: CV = 1/sqrt(α(α−2)) = 0.577; heavy tail, so a wider tolerance.
                Arguments.of(new ArrivalProcess.Pareto(3), 1 / Math.sqrt(3.0), 0.08));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("processes")
    void nextGapNanos_manyDraws_matchAnalyticMeanAndCv(ArrivalProcess p, double cv, double cvTolerance) {
        SplittableRandom r = new SplittableRandom(7);
        int n = 400_000;
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < n; i++) {
            double g = p.nextGapNanos(RATE, r);
            sum += g;
            sumSq += g * g;
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
        assertEquals(MEAN_NANOS, mean, MEAN_NANOS * 0.01, "mean gap");
        assertEquals(cv, sd / mean, cvTolerance, "coefficient of variation");
    }

    @Test
    void poisson_gaps_passKolmogorovSmirnovAgainstExponential() {
        SplittableRandom r = new SplittableRandom(11);
        int n = 20_000;
        double[] gaps = new double[n];
        for (int i = 0; i < n; i++) {
            gaps[i] = new ArrivalProcess.Poisson().nextGapNanos(RATE, r);
        }
        Arrays.sort(gaps);
        double d = 0;
        for (int i = 0; i < n; i++) {
            double cdf = 1 - Math.exp(-gaps[i] / MEAN_NANOS);
            d = Math.max(d, Math.max(cdf - (double) i / n, (double) (i + 1) / n - cdf));
        }
        // Critical value at α = 0.01: 1.628 / sqrt(n).
        assertTrue(d < 1.628 / Math.sqrt(n), "KS statistic " + d);
    }

    @Test
    void poisson_uniformGaps_failKolmogorovSmirnov() {
        // The test above can fail: constant gaps are far from exponential.
        int n = 20_000;
        double d = 0;
        for (int i = 0; i < n; i++) {
            double cdf = 1 - Math.exp(-1.0);
            d = Math.max(d, Math.abs(cdf - (double) i / n));
        }
        assertTrue(d > 1.628 / Math.sqrt(n));
    }

    @Test
    void parse_knownForms_giveProcesses() {
        assertEquals(new ArrivalProcess.Constant(), Arrivals.parse("--arrival", "constant"));
        assertEquals(new ArrivalProcess.Poisson(), Arrivals.parse("--arrival", "Poisson"));
        assertEquals(new ArrivalProcess.Pareto(2.5), Arrivals.parse("--arrival", "pareto:2.5"));
        assertEquals(new ArrivalProcess.HyperExponential(4), Arrivals.parse("--arrival", "hyperexp:4"));
    }

    @Test
    void parse_badForms_nameFlagValueAndRule() {
        ConfigException e = assertThrows(ConfigException.class, () -> Arrivals.parse("--arrival", "poison"));
        assertTrue(e.getMessage().startsWith("--arrival=poison: must be one of constant, poisson"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean poisson"), e.getMessage());
        assertThrows(ConfigException.class, () -> Arrivals.parse("--arrival", "pareto:1"));
        assertThrows(ConfigException.class, () -> Arrivals.parse("--arrival", "pareto"));
        assertThrows(ConfigException.class, () -> Arrivals.parse("--arrival", "hyperexp:0.5"));
        assertThrows(ConfigException.class, () -> Arrivals.parse("--arrival", "constant:3"));
    }
}
