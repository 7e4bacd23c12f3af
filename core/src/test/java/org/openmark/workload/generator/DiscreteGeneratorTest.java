package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DiscreteGeneratorTest {

    @Test
    void next_weights_fitProportionsAndSkipZeroWeights() {
        DiscreteGenerator<String> g = new DiscreteGenerator<>(List.of("a", "b", "zero", "c"),
                new double[] {0.5, 0.3, 0, 0.2});
        SplittableRandom random = new SplittableRandom(71);
        long[] counts = new long[4];
        List<String> names = List.of("a", "b", "zero", "c");
        for (int i = 0; i < 100_000; i++) {
            counts[names.indexOf(g.next(random))]++;
        }
        assertEquals(0, counts[2]);
        ChiSquare.assertFits(new double[] {0.5, 0.3, 0.2}, new long[] {counts[0], counts[1], counts[3]}, "mix");
    }

    @Test
    void next_unnormalizedWeights_areNormalized() {
        DiscreteGenerator<Integer> g = new DiscreteGenerator<>(List.of(1, 2), new double[] {3, 1});
        SplittableRandom random = new SplittableRandom(72);
        long[] counts = new long[2];
        for (int i = 0; i < 40_000; i++) {
            counts[g.next(random) - 1]++;
        }
        ChiSquare.assertFits(new double[] {3, 1}, counts, "3:1");
    }

    @Test
    void at_onAndAroundEachBound_isTheFirstValueWhoseBoundLiesAbove() {
        DiscreteGenerator<String> g = new DiscreteGenerator<>(List.of("a", "b", "zero", "c", "d"),
                new double[] {0.25, 0.25, 0, 0.25, 0.25});
        assertEquals("a", g.at(0.0));
        assertEquals("a", g.at(Math.nextDown(0.25)));
        assertEquals("b", g.at(0.25));
        assertEquals("b", g.at(Math.nextDown(0.5)));
        assertEquals("c", g.at(0.5));
        assertEquals("c", g.at(Math.nextDown(0.75)));
        assertEquals("d", g.at(0.75));
        assertEquals("d", g.at(Math.nextDown(1.0)));
    }

    @Test
    void constructor_allZero_throws() {
        assertThrows(IllegalArgumentException.class,
                () -> new DiscreteGenerator<>(List.of("a", "b"), new double[] {0, 0}));
    }
}
