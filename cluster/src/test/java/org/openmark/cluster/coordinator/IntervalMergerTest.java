package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/** Intervals from several workers line up by sequence number and merge losslessly. */
class IntervalMergerTest {

    private static IntervalSnapshot interval(long value, int count) {
        Histogram h = Measurements.newHistogram();
        h.recordValueWithCount(value, count);
        Map<Channel, Histogram> r = new TreeMap<>();
        r.put(new Channel("READ", Status.OK, false), h);
        return new IntervalSnapshot(0, 1000, r, new TreeMap<>(r), Measurements.newHistogram(), count);
    }

    @Test
    void add_mergesAnIntervalOnlyWhenEveryOpenWorkerDeliveredIt() {
        IntervalMerger m = new IntervalMerger(3);
        assertEquals(List.of(), m.add(0, 0, interval(100, 1), 1, 0, false, -1));
        assertEquals(List.of(), m.add(1, 0, interval(200, 2), 1, 0, false, -1));
        assertEquals(List.of(), m.add(0, 1, interval(100, 1), 2, 0, false, -1));
        List<IntervalMerger.Merged> first = m.add(2, 0, interval(300, 3), 1, 5, false, -1);
        assertEquals(1, first.size());
        IntervalSnapshot s = first.get(0).snapshot();
        assertEquals(6, s.completed());
        assertEquals(6, s.issued());
        assertEquals(5, first.get(0).inFlight());
        Histogram h = s.response().values().iterator().next();
        assertEquals((100 + 2 * 200 + 3 * 300) / 6.0, h.getMean(), 1.0);
    }

    @Test
    void close_aLostWorkerNoLongerHoldsTheOthersUp() {
        IntervalMerger m = new IntervalMerger(2);
        m.add(0, 0, interval(100, 1), 1, 0, false, -1);
        m.add(0, 1, interval(100, 1), 2, 0, false, -1);
        assertEquals(1, m.add(1, 0, interval(100, 1), 1, 0, false, -1).size());
        List<IntervalMerger.Merged> rest = m.close(1);
        assertEquals(1, rest.size());
        assertEquals(1, rest.get(0).seq());
        assertEquals(1, rest.get(0).parts().size());
    }

    @Test
    void add_outOfOrder_isRefused() {
        IntervalMerger m = new IntervalMerger(1);
        assertThrows(IllegalStateException.class, () -> m.add(0, 1, interval(1, 1), 1, 0, false, -1));
    }
}
