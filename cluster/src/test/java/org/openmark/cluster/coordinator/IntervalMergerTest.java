package org.openmark.cluster.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/**
 * Workers' intervals merged by time: each merged interval holds the operations whose times fall
 * in it, whatever the intervals' numbers, lengths or order of arrival. A worker's interval is made
 * here from the times of its operations (ms since the run's start on the coordinator's clock),
 * as its collector would have cut them.
 */
class IntervalMergerTest {
    private static final long START = 1_700_000_000_000L;
    private static final Channel READ_OK = new Channel("READ", Status.OK, false);

    /** An interval [from, to] (ms since the start) holding one READ per time in {@code opsAt} within it. */
    private static IntervalSnapshot interval(long from, long to, List<Long> opsAt) {
        Histogram h = Measurements.newHistogram();
        long n = opsAt.stream().filter(t -> t > from && t <= to).count();
        if (n > 0) {
            h.recordValueWithCount(100, n);
        }
        Map<Channel, Histogram> r = new TreeMap<>();
        r.put(READ_OK, h);
        return new IntervalSnapshot(START + from, START + to, r, new TreeMap<>(r), Measurements.newHistogram(), n);
    }

    /** {@code perSecond} operations a second, evenly spaced, in [from, to) ms. */
    private static List<Long> steady(long from, long to, int perSecond) {
        List<Long> t = new ArrayList<>();
        for (long i = 0; from + i * 1000 / perSecond < to; i++) {
            t.add(from + i * 1000 / perSecond + 5);
        }
        return t;
    }

    /** The operations that fall in [from, to). */
    private static long count(List<Long> ops, long from, long to) {
        return ops.stream().filter(t -> t >= from && t < to).count();
    }

    private static final class Collected {
        final List<IntervalMerger.Merged> spans = new ArrayList<>();

        void add(List<IntervalMerger.Merged> m) {
            for (IntervalMerger.Merged x : m) {
                assertEquals(spans.size(), x.seq(), "spans go out in order, none left out");
                spans.add(x);
            }
        }

        long completed(int span) {
            return spans.get(span).snapshot().completed();
        }
    }

    /** A worker's intervals, cut at {@code cuts} (ms since the start), numbered in order. */
    private static List<IntervalSnapshot> cut(List<Long> ops, long... cuts) {
        List<IntervalSnapshot> out = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.length; i++) {
            out.add(interval(cuts[i], cuts[i + 1], ops));
        }
        return out;
    }

    private static long[] grid(long from, long to, long jitter) {
        long[] c = new long[(int) ((to - from) / 1000) + 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = from + i * 1000L + (i == 0 ? 0 : jitter);
        }
        return c;
    }

    @Test
    void add_aWorkerStalledThreeSeconds_itsCatchUpBurstIsMergedWhereItHappened() {
        // Workers 0 and 1 issue 100/s for 12 s and collect every second (worker 1's clock 3 ms
        // late). Worker 2 is stopped from 5.4 s to 8.5 s: its collector wakes at 8.52 s, takes the
        // interval since 5.0 s, then the three it missed as slivers, then goes on; it issues its
        // backlog of 310 operations from 8.5 s to 8.8 s.
        RunTimeline timeline = new RunTimeline(START, 1000, 0);
        IntervalMerger m = new IntervalMerger(timeline, 3);
        Collected out = new Collected();
        List<Long> a = steady(0, 12_000, 100);
        List<Long> b = steady(0, 12_000, 100);
        List<Long> c = new ArrayList<>(steady(0, 5_400, 100));
        c.addAll(steady(8_500, 8_800, 1033));
        c.addAll(steady(8_800, 12_000, 100));
        List<IntervalSnapshot> ia = cut(a, grid(0, 12_000, 0));
        List<IntervalSnapshot> ib = cut(b, grid(0, 12_000, 3));
        List<IntervalSnapshot> ic = cut(c, 0, 1000, 2000, 3000, 4000, 5000, 8520, 8530, 8540, 9000, 10_000, 11_000,
                12_000);
        for (int i = 0; i < 12; i++) {
            out.add(m.add(0, i, ia.get(i), i + 1, 0, false, -1));
            out.add(m.add(1, i, ib.get(i), i + 1, 0, false, -1));
            if (i < 5) {
                out.add(m.add(2, i, ic.get(i), i + 1, 0, false, -1));
            }
        }
        assertEquals(5, out.spans.size(), "the spans from 5 s wait for the stalled worker");
        for (int i = 5; i < ic.size(); i++) {
            out.add(m.add(2, i, ic.get(i), i + 1, 0, false, -1));
        }
        out.add(m.flush());

        assertEquals(12, out.spans.size());
        for (int s = 0; s < 12; s++) {
            long from = s * 1000L;
            long expected = count(a, from, from + 1000) + count(b, from, from + 1000) + count(c, from, from + 1000);
            if (s == 5) {
                // Its operations of 5.0-5.4 s were collected with the catch-up, at 8.52 s: counted there.
                expected -= count(c, 5000, 5400);
            } else if (s == 8) {
                expected += count(c, 5000, 5400);
            }
            assertEquals(expected, out.completed(s), "span " + s);
            assertEquals(s + 1.0, out.spans.get(s).elapsedSeconds(), 1e-9, "every merged interval is 1 s long");
            assertEquals(1000, out.spans.get(s).snapshot().endMillis() - out.spans.get(s).snapshot().startMillis());
        }
        // No merged interval holds the catch-up burst but the one it happened in.
        assertEquals(200, out.completed(6));
        assertEquals(200, out.completed(7));
        assertEquals(a.size() + b.size() + c.size(), out.spans.stream().mapToLong(x -> x.snapshot().completed()).sum());
    }

    @Test
    void add_intervalsArrivingLateAndOutOfOrder_waitForTheirSpanAndLandWhereTheirTimeSays() {
        RunTimeline timeline = new RunTimeline(START, 1000, 0);
        IntervalMerger m = new IntervalMerger(timeline, 2);
        Collected out = new Collected();
        List<Long> a = steady(0, 8_000, 50);
        List<Long> b = steady(0, 8_000, 70);
        List<IntervalSnapshot> ia = cut(a, grid(0, 8_000, -2));
        List<IntervalSnapshot> ib = cut(b, grid(0, 8_000, 4));
        for (int i = 0; i < 8; i++) {
            out.add(m.add(0, i, ia.get(i), i + 1, 0, false, -1));
        }
        for (int i : new int[] {0, 1, 2, 5, 6, 7}) {
            out.add(m.add(1, i, ib.get(i), i + 1, 0, false, -1));
        }
        assertEquals(3, out.spans.size(), "spans 3 to 7 wait for worker 1's intervals 3 and 4");
        out.add(m.add(1, 4, ib.get(4), 5, 0, false, -1));
        assertEquals(3, out.spans.size());
        out.add(m.add(1, 3, ib.get(3), 4, 0, false, -1));
        assertEquals(7, out.spans.size(), "span 7 waits: worker 0's last interval ends 2 ms before it does");
        assertTrue(m.add(1, 3, ib.get(3), 4, 0, false, -1).isEmpty(), "an interval sent twice counts once");
        out.add(m.flush());
        for (int s = 0; s < 8; s++) {
            assertEquals(count(a, s * 1000L, s * 1000L + 1000) + count(b, s * 1000L, s * 1000L + 1000),
                    out.completed(s), "span " + s);
        }
        assertEquals(a.size() + b.size(), out.spans.stream().mapToLong(x -> x.snapshot().completed()).sum());
    }

    @Test
    void close_aWorkerThatStoppedAtFiveSecondsOfTwenty_theRestGoesOnWithoutIt() {
        RunTimeline timeline = new RunTimeline(START, 1000, 2000);
        IntervalMerger m = new IntervalMerger(timeline, 3);
        Collected out = new Collected();
        List<List<Long>> ops = List.of(steady(0, 20_000, 100), steady(0, 20_000, 100), steady(0, 5_000, 100));
        List<List<IntervalSnapshot>> cuts = List.of(cut(ops.get(0), grid(0, 20_000, 1)),
                cut(ops.get(1), grid(0, 20_000, -1)), cut(ops.get(2), 0, 1000, 2000, 3000, 4000, 5030));
        for (int i = 0; i < 20; i++) {
            for (int w = 0; w < 3; w++) {
                if (i < cuts.get(w).size()) {
                    out.add(m.add(w, i, cuts.get(w).get(i), i + 1, 3, i < 2, -1));
                }
            }
            if (i == 5) {
                out.add(m.close(2)); // its result came: it stopped at 5.03 s
            }
        }
        out.add(m.flush());
        assertEquals(20, out.spans.size());
        for (int s = 0; s < 20; s++) {
            long expected = 0;
            for (List<Long> o : ops) {
                expected += count(o, s * 1000L, s * 1000L + 1000);
            }
            assertEquals(expected, out.completed(s), "span " + s);
            assertEquals(s < 2, out.spans.get(s).warmUp(), "span " + s);
            assertEquals(s < 5 ? 9 : 6, out.spans.get(s).inFlight(), "the stopped worker's outstanding ones go");
        }
        assertEquals(200, out.completed(19), "the two that went on");
        assertEquals(20.001, out.spans.get(19).elapsedSeconds(), 1e-9, "the last ends with the last worker's last");
    }

    @Test
    void add_warmUpEndingBetweenTwoTicks_splitsTheSpanAsTheWorkersDid() {
        // A 2.5 s warm-up: every worker collects at 1, 2, 2.5, 3 s. One worker's clock is 20 ms
        // early, so its last warm-up interval ends before 2.5 s on the coordinator's clock.
        RunTimeline timeline = new RunTimeline(START, 1000, 2500);
        assertEquals(2500, timeline.boundary(3));
        assertEquals(3000, timeline.boundary(4));
        assertEquals(2, timeline.lastWarmUpSpan());
        IntervalMerger m = new IntervalMerger(timeline, 2);
        Collected out = new Collected();
        List<Long> a = steady(0, 4_000, 100);
        List<Long> b = steady(0, 4_000, 100);
        List<IntervalSnapshot> ia = cut(a, 0, 1000, 2000, 2500, 3000, 4000);
        List<IntervalSnapshot> ib = cut(b, 0, 980, 1980, 2480, 2980, 4000);
        for (int i = 0; i < 5; i++) {
            out.add(m.add(0, i, ia.get(i), i + 1, 0, i < 3, -1));
            out.add(m.add(1, i, ib.get(i), i + 1, 0, i < 3, -1));
        }
        out.add(m.flush());
        assertEquals(5, out.spans.size());
        assertTrue(out.spans.get(2).warmUp() && !out.spans.get(3).warmUp());
        assertEquals(2, out.spans.get(2).parts().size(), "both workers' last warm-up interval");
        assertEquals(count(a, 2000, 2500) + count(b, 1980, 2480), out.completed(2));
        assertEquals(count(a, 2500, 3000) + count(b, 2480, 2980), out.completed(3));
    }

    @Test
    void spanOf_aLongIntervalGoesWhereItEnds_aShortOneWhereItLies() {
        RunTimeline t = new RunTimeline(START, 1000, 0);
        assertEquals(3, t.spanOf(2995, 4003, false), "one span long, a little late: the span most of it lies in");
        assertEquals(3, t.spanOf(3004, 3996, false));
        assertEquals(8, t.spanOf(5000, 8520, false), "3.5 s long: where it ends");
        assertEquals(8, t.spanOf(5000, 8020, false), "its catch-up completed in the 20 ms before it ended");
        assertEquals(7, t.spanOf(5000, 8000, false), "an end on a boundary closes the span before it");
        assertEquals(3, t.spanOf(2600, 4050, false), "1.45 s long: the middle of its last second");
        assertEquals(8, t.spanOf(8520, 8530, false), "a sliver");
        assertEquals(20, t.spanOf(20_000, 20_300, false), "the run's last, short interval");
        assertEquals(0, t.spanOf(-3, 997, false), "a worker whose clock is a little early");
    }
}
