package org.openmark.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HiccupPredictionTest {

    /** λ = 1000/s, λmax = 1250/s, H = 1 s: 5000 requests wait, falling linearly from 1 s; mean H/2 over them. */
    @Test
    void openModel_papersNumbers() {
        Histogram h = HiccupPrediction.openModel(1000, 90_000, 1250, 30, 1, 0);
        assertEquals(90_000, h.getTotalCount());
        assertEquals(1_000_000, h.getMaxValue(), 1_000_000 * 0.001);
        assertEquals(27_778, h.getMean(), 100, "n·H/(2N) = 5000·1/(2·90000) s");
        assertEquals(5000, HiccupPrediction.affectedRequests(1000, 1250, 1), 1e-9);
    }

    /**
     * Counted by completion, like the runs' intervals: nothing completes late before the hiccup
     * ends (30 s + 1 s), the first completions after it waited the whole second, and the backlog
     * is gone D = H·λmax/(λmax − λ) = 5 s after the hiccup started.
     */
    @Test
    void maxWaitPerInterval_countsByCompletionTime() {
        long[] max = HiccupPrediction.maxWaitPerInterval(1000, 90_000, 1250, 30, 1, 0.25);
        assertEquals((int) Math.ceil((90 + 1) / 0.25), max.length);
        for (int i = 0; i < 124; i++) {
            assertEquals(0, max[i], "interval " + i + " ends before the hiccup's first completion");
        }
        assertEquals(1_000_000, max[124], 1000, "the requests that arrived as the hiccup began complete at 31 s");
        assertTrue(max[130] > 0 && max[130] < max[124], "the backlog drains");
        for (int i = 141; i < max.length; i++) {
            assertEquals(0, max[i], "drained 5 s after the hiccup began (by 35 s)");
        }
    }
}
