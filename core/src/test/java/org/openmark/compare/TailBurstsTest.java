package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.measure.Measurements;

/** The effective number of bursts above a percentile, by hand. */
class TailBurstsTest {
    private static List<Histogram> intervals(int n, int fastPerInterval) {
        List<Histogram> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Histogram h = Measurements.newHistogram();
            h.recordValueWithCount(10, fastPerInterval);
            out.add(h);
        }
        return out;
    }

    @Test
    void effective_allSlowOperationsInOneInterval_oneBurst() {
        // 20 intervals of 100 at 10 us; the first also has 10 at 1000 us. 10 of 2010 are above 10 us:
        // deviations 10 - 110 * 10/2010 = 9.452736 once and -100 * 10/2010 = -0.497512 19 times;
        // their squares add to 89.354218 + 4.702842 = 94.057060, times 20/19: 99.007432; 10^2 / 99.007432 = 1.010025.
        List<Histogram> h = intervals(20, 100);
        h.get(0).recordValueWithCount(1000, 10);
        assertEquals(1.010025, TailBursts.effective(h, 10), 1e-6);
    }

    @Test
    void effective_oneSlowOperationPerInterval_asManyAsTheOperations() {
        // Each interval holds its share exactly: no deviation, so the count is as a Poisson count's, at most N.
        List<Histogram> h = intervals(20, 100);
        h.forEach(x -> x.recordValue(1000));
        assertEquals(20, TailBursts.effective(h, 10), 0);
    }

    @Test
    void effective_burstSpreadOverTwoStretches_twoBursts() {
        // 40 intervals in 20 stretches of 2. Slow operations: 10 in interval 0 and 10 in interval 39 (two
        // stretches). Deviations: 10 - 210 * 20/4020 = 8.955224 twice, -200 * 20/4020 = -0.995025 18 times;
        // squares: 160.393 + 17.821 = 178.214, times 20/19 = 187.594; 400 / 187.594 = 2.132264.
        List<Histogram> h = intervals(40, 100);
        h.get(0).recordValueWithCount(1000, 10);
        h.get(39).recordValueWithCount(1000, 10);
        assertEquals(2.1323, TailBursts.effective(h, 10), 1e-4);
    }

    @Test
    void effective_nothingAbove_zero() {
        assertEquals(0, TailBursts.effective(intervals(10, 100), 10), 0);
    }
}
