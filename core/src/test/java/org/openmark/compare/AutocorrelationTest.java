package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The integrated autocorrelation time and effective size, against values worked by hand. */
class AutocorrelationTest {
    @Test
    void effectiveSize_alternatingSeries_isN() {
        // Deviations +-1 alternate: rho_1 = -5/6. Lags up to n/4 + 1 = 2, so one pair: 1 - 5/6 = 1/6 and
        // tau = -1 + 2/6 < 1, held at 1; corrected by tau/n = 1/6: 2/6, tau = -1 + 4/6, held at 1.
        // n_eff = 6/1 = 6: anti-correlated intervals count in full.
        assertEquals(6, Autocorrelation.effectiveSize(new double[] {10, 12, 10, 12, 10, 12}), 1e-12);
    }

    @Test
    void effectiveSize_handComputed() {
        // 3 1 4 1 5 9 2 6 5 3 5 8: mean 4.3333, sum of squares 70.667; lag sums -5.4444, -6.2222, 19.333, -22.444.
        double[] x = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
        double[] rho = Autocorrelation.autocorrelations(x);
        double c0 = 70 + 2.0 / 3;
        assertEquals(-5.444444 / c0, rho[1], 1e-6);
        assertEquals(-6.222222 / c0, rho[2], 1e-6);
        assertEquals(19.333333 / c0, rho[3], 1e-6);
        // Lags up to 12/4 + 1 = 4: pairs rho_0 + rho_1 = 0.922956 and rho_2 + rho_3 = 0.185535:
        // tau = -1 + 2 * 1.108491 = 1.216981.
        double first = Autocorrelation.integratedTime(java.util.Arrays.copyOf(rho, 5), 0);
        assertEquals(1.216981, first, 1e-6);
        // Corrected by 1.216981/12 = 0.101415 per lag: 1.024371 and 0.185535 + 0.202830 = 0.388365:
        // tau = -1 + 2 * 1.412736 = 1.825472, n_eff = 12 / 1.825472 = 6.5736.
        assertEquals(1.825472, Autocorrelation.integratedTime(java.util.Arrays.copyOf(rho, 5), first / 12), 1e-6);
        assertEquals(6.5736, Autocorrelation.effectiveSize(x), 1e-4);
    }

    @Test
    void effectiveSize_trend_heldAtTwo() {
        // 1..8: mean 4.5, sum of squares 42; lag sums 26.25, 11.5, -1.25, ... Lags up to 3: pairs 1.625 and
        // 0.244048: tau = 2.738095; corrected by 0.342262 per lag: 1.967262 + 0.928571, tau = 4.791667;
        // 8 / 4.79 = 1.67, held at 2 (a t-test needs a degree of freedom).
        double[] x = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] rho = Autocorrelation.autocorrelations(x);
        assertArrayEquals(new double[] {1, 26.25 / 42, 11.5 / 42, -1.25 / 42, -11 / 42.0, -16.75 / 42, -17.5 / 42,
            -12.25 / 42}, rho, 1e-12);
        double[] initial = java.util.Arrays.copyOf(rho, 4);
        double first = Autocorrelation.integratedTime(initial, 0);
        assertEquals(2.738095, first, 1e-6);
        assertEquals(4.791667, Autocorrelation.integratedTime(initial, first / 8), 1e-6);
        assertEquals(2, Autocorrelation.effectiveSize(x), 1e-12);
        // The whole sequence (no cap): a third pair, -0.660714 + 0.684524 > 0, is added too.
        assertEquals(4.839286, Autocorrelation.integratedTime(rho, first / 8), 1e-6);
    }

    @Test
    void effectiveSize_constantOrTiny_countsAsIndependent() {
        assertEquals(5, Autocorrelation.effectiveSize(new double[] {3, 3, 3, 3, 3}), 1e-12);
        assertEquals(3, Autocorrelation.effectiveSize(new double[] {1, 2, 3}), 1e-12);
    }
}
