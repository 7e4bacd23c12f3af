package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FixedModulusTest {

    private static void assertFloorMod(long divisor, long x) {
        assertEquals(Math.floorMod(x, divisor), new FixedModulus(divisor).of(x), x + " mod " + divisor);
    }

    @Test
    void of_edgeNumbersAndDivisors_isFloorMod() {
        long[] divisors = {1, 2, 3, 7, 10, 1000, 1L << 32, (1L << 32) + 1, 10_000_000_001L, 1L << 62,
                (1L << 62) + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        for (long d : divisors) {
            for (long x : new long[] {0, 1, d - 1, d, d + 1, 2 * d - 1, 2 * d, Long.MAX_VALUE, Long.MAX_VALUE - 1,
                    Long.MAX_VALUE - d, Long.MIN_VALUE, -1, -d}) {
                assertFloorMod(d, x);
            }
        }
    }

    @Test
    void of_randomNumbersAndDivisorsOfEveryWidth_isFloorMod() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 2_000; i++) {
            long d = 1 + (random.nextLong(Long.MAX_VALUE) >>> random.nextInt(63));
            FixedModulus mod = new FixedModulus(d);
            for (int j = 0; j < 50; j++) {
                long x = random.nextLong() >>> random.nextInt(64);
                assertEquals(Math.floorMod(x, d), mod.of(x), x + " mod " + d);
            }
        }
    }

    @Test
    void constructor_divisorBelowOne_throws() {
        assertThrows(IllegalArgumentException.class, () -> new FixedModulus(0));
        assertThrows(IllegalArgumentException.class, () -> new FixedModulus(-5));
    }
}
