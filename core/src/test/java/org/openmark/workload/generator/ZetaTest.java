package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZetaTest {

    /** Kahan-compensated, so the reference itself carries no accumulated rounding error. */
    private static double directSum(long n, double theta) {
        double sum = 0;
        double carry = 0;
        for (long i = 1; i <= n; i++) {
            double y = Math.pow(i, -theta) - carry;
            double t = sum + y;
            carry = (t - sum) - y;
            sum = t;
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 2, 10, 999, 1000})
    void of_countsUpToExactTerms_equalsDirectSum(long n) {
        assertEquals(directSum(n, 0.99), Zeta.of(n, 0.99), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.01, 0.3, 0.5, 0.8, 0.99, 0.999999})
    void of_largeCount_matchesDirectSum(double theta) {
        long n = 300_000;
        double direct = directSum(n, theta);
        assertEquals(direct, Zeta.of(n, theta), direct * 1e-12);
    }

    @Test
    void of_ycsbRankSpace_matchesYcsbPrecomputedConstant() {
        double zeta = Zeta.of(ScrambledZipfianGenerator.RANK_SPACE + 1, 0.99);
        assertEquals(ScrambledZipfianGenerator.YCSB_ZETA_0_99, zeta, 1e-9);
    }

    @Test
    void of_thetaOne_isHarmonicNumber() {
        long n = 100_000;
        assertEquals(directSum(n, 1.0), Zeta.of(n, 1.0), 1e-11);
    }
}
