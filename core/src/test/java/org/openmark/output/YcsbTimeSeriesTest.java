package org.openmark.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.LatencyKind;
import org.openmark.measure.Measurements;

/** YCSB's time series from hand-made intervals: each line is one interval's average, YCSB's form. */
class YcsbTimeSeriesTest {
    private static final long START = 1_700_000_000_000L;

    private static Histogram of(long... micros) {
        Histogram h = Measurements.newHistogram();
        for (long v : micros) {
            h.recordValue(v);
        }
        return h;
    }

    private static IntervalSnapshot interval(int second, Map<Channel, Histogram> response, Map<Channel, Histogram> service) {
        long from = START + second * 1000L;
        return new IntervalSnapshot(from, from + 1000, response, service, Measurements.newHistogram(), 0);
    }

    @Test
    void lines_perIntervalAverageOfEachBlock_okAndFailedApart_innerCallsWithTheirName() throws Exception {
        Channel readOk = new Channel("READ", Status.OK, false);
        Channel readInner = new Channel("READ", Status.OK, true);
        Channel readNotFound = new Channel("READ", Status.NOT_FOUND, false);
        Channel update = new Channel("UPDATE", Status.OK, false);
        YcsbTimeSeries series = new YcsbTimeSeries(List.of(new LatencyBlock("", LatencyKind.RESPONSE, true)));
        series.started(START);
        series.interval(interval(0, Map.of(readOk, of(100, 300), readInner, of(200), update, of(40)), Map.of()),
                1, 0, false);
        series.interval(interval(1, Map.of(), Map.of()), 2, 0, false); // nothing completed
        series.interval(interval(2, Map.of(readOk, of(50), readNotFound, of(900, 1100)), Map.of()), 3, 0, false);
        assertEquals(List.of("[READ], 0, 200.0", "[READ], 2000, 50.0", "[READ-FAILED], 2000, 1000.0",
                "[UPDATE], 0, 40.0"), series.lines());
    }

    @Test
    void lines_serviceKind_warmUpLeftOut() throws Exception {
        Channel read = new Channel("READ", Status.OK, false);
        YcsbTimeSeries series = new YcsbTimeSeries(List.of(new LatencyBlock("", LatencyKind.SERVICE, true)));
        series.started(START);
        series.interval(interval(0, Map.of(read, of(7000)), Map.of(read, of(700))), 1, 0, true);
        series.interval(interval(1, Map.of(read, of(5000)), Map.of(read, of(500))), 2, 0, false);
        assertEquals(List.of("[READ], 1000, 500.0"), series.lines());
    }

    @Test
    void lines_secondaryBlocks_okOutcomesOnlyUnderTheirPrefix() throws Exception {
        Channel readOk = new Channel("READ", Status.OK, false);
        Channel readFailed = new Channel("READ", Status.ERROR, false);
        YcsbTimeSeries series = new YcsbTimeSeries(List.of(new LatencyBlock("", LatencyKind.RESPONSE, true),
                new LatencyBlock("SERVICE-", LatencyKind.SERVICE, false)));
        series.started(START);
        series.interval(interval(0, Map.of(readOk, of(300), readFailed, of(500)),
                Map.of(readOk, of(100), readFailed, of(400))), 1, 0, false);
        assertEquals(List.of("[READ], 0, 300.0", "[READ-FAILED], 0, 500.0", "[SERVICE-READ], 0, 100.0"),
                series.lines());
    }
}
