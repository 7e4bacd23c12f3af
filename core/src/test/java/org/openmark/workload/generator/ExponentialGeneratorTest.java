package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ExponentialGeneratorTest {

    @ParameterizedTest
    @CsvSource({"95, 857", "90, 100", "50, 10000"})
    void nextLong_percentile_ofDrawsFallsBelowRange(double percentile, double range) {
        ExponentialGenerator g = new ExponentialGenerator(percentile, range);
        SplittableRandom random = new SplittableRandom(51);
        int draws = 200_000;
        int below = 0;
        double sum = 0;
        for (int i = 0; i < draws; i++) {
            long v = g.nextLong(random);
            assertTrue(v >= 0, "value " + v);
            below += v < range ? 1 : 0;
            sum += v;
        }
        assertEquals(percentile / 100, below / (double) draws, 0.004);
        // truncation to whole numbers lowers the mean by about one half
        assertEquals(g.mean() - 0.5, sum / draws, g.mean() * 0.01 + 0.5);
    }

    @Test
    void constructor_percentileOutOfRange_throws() {
        assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(100, 10));
        assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(95, 0));
    }
}
