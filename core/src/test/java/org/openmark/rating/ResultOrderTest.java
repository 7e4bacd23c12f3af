package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.rating.RatingFixtures.failing;
import static org.openmark.rating.RatingFixtures.passing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ResultOrderTest {

    @Test
    void better_passingVsFailing_passingWinsWhateverTheThroughput() {
        assertTrue(ResultOrder.better(passing(10, 1), failing(5, 1_000_000)));
        assertFalse(ResultOrder.better(failing(5, 1_000_000), passing(10, 1)));
    }

    @Test
    void better_twoPassing_higherThroughputThenLowerLoad() {
        assertTrue(ResultOrder.better(passing(10, 101), passing(5, 100)));
        assertTrue(ResultOrder.better(passing(5, 100), passing(10, 100)));
    }

    @Test
    void better_twoFailing_lowerLoadWinsEvenWithLessThroughput() {
        assertTrue(ResultOrder.better(failing(5, 1), failing(10, 1000)));
    }

    @Test
    void rank_randomResults_isATotalOrderConsistentWithSorting() {
        SplittableRandom random = new SplittableRandom(7);
        List<ExperimentResult> results = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            long load = 1 + random.nextInt(50);
            double throughput = random.nextInt(5) * 10.0;
            results.add(random.nextBoolean() ? passing(load, throughput) : failing(load, throughput));
        }
        for (ExperimentResult a : results) {
            for (ExperimentResult b : results) {
                int ab = Integer.signum(ResultOrder.RANK.compare(a, b));
                assertEquals(-ab, Integer.signum(ResultOrder.RANK.compare(b, a)));
                boolean same = a.loadLevel() == b.loadLevel() && a.slaMet() == b.slaMet()
                        && (!a.slaMet() || a.throughputOpsPerSec() == b.throughputOpsPerSec());
                assertEquals(same, ab == 0, a + " vs " + b);
            }
        }
    }

    @Test
    void higher_exactlyOnePlusEpsilon_isNotHigher() {
        // 0.25 and these throughputs are exact in binary, so the boundary is tested exactly.
        assertFalse(ResultOrder.higher(passing(2, 125), passing(1, 100), 0.25));
        assertTrue(ResultOrder.higher(passing(2, 125.5), passing(1, 100), 0.25));
        assertFalse(ResultOrder.higher(failing(2, 1000), passing(1, 100), 0.25));
    }

    @Test
    void bestPassing_noneMet_isEmpty() {
        assertTrue(ResultOrder.bestPassing(List.of(failing(1, 10), failing(2, 20))).isEmpty());
        assertEquals(3, ResultOrder.bestPassing(List.of(failing(1, 99), passing(3, 20), passing(2, 10)))
                .orElseThrow().loadLevel());
    }
}
