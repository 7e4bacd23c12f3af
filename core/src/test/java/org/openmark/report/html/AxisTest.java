package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AxisTest {
    private static final double EPS = 1e-9;

    @Test
    void linear_zeroTo2107_roundsOutToNiceSteps() {
        Axis a = Axis.linear(0, 2107, 6);
        assertEquals(List.of(0.0, 500.0, 1000.0, 1500.0, 2000.0, 2500.0), a.ticks());
        assertEquals(0, a.min());
        assertEquals(2500, a.max());
    }

    @Test
    void linear_fractionalRange_ticksAreCleanDecimals() {
        Axis a = Axis.linear(0.1, 0.7, 6);
        assertEquals(List.of(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7), a.ticks());
    }

    @Test
    void linear_emptyRange_widensInsteadOfDividingByZero() {
        Axis a = Axis.linear(0, 0, 5);
        assertTrue(a.max() > a.min());
        assertEquals(0.5, a.fraction((a.min() + a.max()) / 2), EPS);
    }

    @Test
    void linear_randomRanges_ticksCoverTheDataEvenlyWithNiceSteps() {
        SplittableRandom random = new SplittableRandom(20240601);
        for (int i = 0; i < 2000; i++) {
            double scale = Math.pow(10, random.nextInt(-3, 8));
            double lo = random.nextDouble() * scale * (random.nextBoolean() ? 1 : 0);
            double hi = lo + random.nextDouble(1e-3, 1) * scale;
            int target = random.nextInt(3, 10);
            Axis a = Axis.linear(lo, hi, target);
            List<Double> t = a.ticks();
            String where = lo + ".." + hi + " target " + target + " → " + t;
            assertTrue(a.min() <= lo * (1 + EPS) + EPS && a.max() >= hi * (1 - EPS), where);
            assertEquals(a.min(), t.get(0), Math.abs(a.min()) * EPS + 1e-12, where);
            assertEquals(a.max(), t.get(t.size() - 1), Math.abs(a.max()) * EPS + 1e-12, where);
            assertTrue(t.size() >= 2 && t.size() <= 2 * target + 2, where);
            double step = t.get(1) - t.get(0);
            double mantissa = step / Math.pow(10, Math.floor(Math.log10(step) + EPS));
            assertTrue(near(mantissa, 1) || near(mantissa, 2) || near(mantissa, 5) || near(mantissa, 10), where);
            for (int k = 1; k < t.size(); k++) {
                assertEquals(step, t.get(k) - t.get(k - 1), step * 1e-6, where);
            }
        }
    }

    @Test
    void time_twentyPointOhThreeSeconds_endsAtTheDataAndTicksWholeSeconds() {
        Axis a = Axis.time(0, 20.03, 9);
        assertEquals(20.03, a.max(), EPS);
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0), a.ticks());
    }

    @Test
    void time_anHour_ticksAtWholeMinutes() {
        Axis a = Axis.time(0, 3600, 9);
        for (double t : a.ticks()) {
            assertEquals(0, t % 60, EPS, "tick " + t);
        }
        assertEquals(600, a.ticks().get(1) - a.ticks().get(0), EPS);
    }

    @Test
    void log_87usTo94ms_endsOn125ValuesAndTicksDecades() {
        Axis a = Axis.log(87, 94_335);
        assertEquals(50, a.min(), EPS);
        assertEquals(100_000, a.max(), EPS);
        assertEquals(List.of(100.0, 1000.0, 10_000.0, 100_000.0), a.ticks());
    }

    @Test
    void log_twoDecades_adds2And5() {
        Axis a = Axis.log(120, 8000);
        assertEquals(List.of(100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0, 10_000.0), a.ticks());
    }

    @Test
    void log_fraction_isLinearInTheLogarithm() {
        Axis a = Axis.log(1, 10_000);
        assertEquals(0, a.fraction(1), EPS);
        assertEquals(0.5, a.fraction(100), EPS);
        assertEquals(1, a.fraction(10_000), EPS);
        assertTrue(Double.isNaN(a.fraction(0)), "no zero on a log axis");
    }

    @Test
    void log_randomRanges_ticksAscendWithinTheRangeWhichCoversTheData() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            double lo = Math.pow(10, random.nextDouble(-1, 7));
            double hi = lo * Math.pow(10, random.nextDouble(0, 6));
            Axis a = Axis.log(lo, hi);
            List<Double> t = a.ticks();
            String where = lo + ".." + hi + " → [" + a.min() + ", " + a.max() + "] " + t;
            assertTrue(a.min() <= lo && a.max() >= hi * (1 - EPS), where);
            assertTrue(a.max() / a.min() <= 10 * Math.max(hi / lo, 1.5), "not needlessly wide: " + where);
            assertTrue(t.size() >= 2, where);
            for (int k = 0; k < t.size(); k++) {
                double f = a.fraction(t.get(k));
                assertTrue(f >= -EPS && f <= 1 + EPS, where);
                assertTrue(k == 0 || t.get(k) > t.get(k - 1), where);
            }
        }
    }

    @Test
    void log_nonPositiveBound_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> Axis.log(0, 10));
    }

    @Test
    void logDecades_spectrumAxis_ticksEveryDecade() {
        Axis a = Axis.logDecades(1, 100_000);
        assertEquals(List.of(1.0, 10.0, 100.0, 1000.0, 10_000.0, 100_000.0), a.ticks());
    }

    private static boolean near(double a, double b) {
        return Math.abs(a - b) < 1e-6;
    }
}
