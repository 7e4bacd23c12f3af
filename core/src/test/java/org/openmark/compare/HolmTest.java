package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** Holm's step-down procedure against examples worked by hand. */
class HolmTest {
    @Test
    void significant_handExample_stopsAtTheFirstFailure() {
        // Sorted: 0.005 <= 0.05/4 = 0.0125 yes; 0.01 <= 0.05/3 = 0.0167 yes; 0.03 <= 0.05/2 = 0.025 no: stop,
        // so 0.04 (<= 0.05/1) is not significant either, although it would be alone.
        boolean[] s = Holm.significant(new double[] {0.01, 0.04, 0.03, 0.005}, 0.05);
        assertArrayEquals(new boolean[] {true, false, false, true}, s);
    }

    @Test
    void significant_allSmall_everyOne() {
        // 0.01 <= 0.0125, 0.012 <= 0.0167, 0.02 <= 0.025, 0.04 <= 0.05.
        assertArrayEquals(new boolean[] {true, true, true, true},
                Holm.significant(new double[] {0.04, 0.02, 0.012, 0.01}, 0.05));
    }

    @Test
    void significant_nanIsNotTestedAndDoesNotCount() {
        // Two tests, not three: 0.02 <= 0.05/2 = 0.025 yes; 0.04 <= 0.05 yes. With the NaN counted as a
        // test, 0.02 would face 0.05/3 = 0.0167 and fail.
        assertArrayEquals(new boolean[] {true, false, true},
                Holm.significant(new double[] {0.02, Double.NaN, 0.04}, 0.05));
    }

    @Test
    void significant_bonferroniBoundaryForTheSmallest() {
        // m = 55 (five operations of eleven figures): the first threshold is 0.05/55 = 0.000909.
        double[] p = new double[55];
        java.util.Arrays.fill(p, 0.5);
        p[7] = 0.00095;
        boolean[] s = Holm.significant(p, 0.05);
        assertArrayEquals(new boolean[55], s, "0.00095 > 0.05/55");
        p[7] = 0.0009;
        s = Holm.significant(p, 0.05);
        boolean[] expected = new boolean[55];
        expected[7] = true;
        assertArrayEquals(expected, s);
    }
}
