package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UniformLongGeneratorTest {

    @Test
    void nextLong_inclusiveRange_isUniform() {
        int items = 50;
        UniformLongGenerator g = new UniformLongGenerator(-10, -10 + items - 1);
        SplittableRandom random = new SplittableRandom(41);
        long[] counts = new long[items];
        for (int i = 0; i < 100_000; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= -10 && v <= -10 + items - 1, "value " + v);
            counts[(int) (v + 10)]++;
        }
        double[] flat = new double[items];
        Arrays.fill(flat, 1);
        ChiSquare.assertFits(flat, counts, "uniform");
    }

    @Test
    void nextLong_upToLongMax_staysInRange() {
        UniformLongGenerator g = new UniformLongGenerator(Long.MAX_VALUE - 3, Long.MAX_VALUE);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 20; i++) {
            assertTrue(g.nextLong(random) >= Long.MAX_VALUE - 3);
        }
    }

    @Test
    void constructor_emptyRange_throws() {
        assertThrows(IllegalArgumentException.class, () -> new UniformLongGenerator(5, 4));
    }
}
