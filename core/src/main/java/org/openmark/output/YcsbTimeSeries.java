package org.openmark.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.measure.IntervalSnapshot;

/**
 * YCSB's time series ({@code measurementtype=timeseries}): per latency block of the text report
 * ({@link LatencyBlock}: {@code READ} for OK outcomes, {@code READ-FAILED} for the rest,
 * {@code SERVICE-READ} or {@code Intended-READ}), the average latency in
 * microseconds of each interval that measured it, as YCSB's lines {@code [READ], 2000, 812.5}: the
 * interval's start in milliseconds from the measured start (YCSB counts from each operation's first
 * measurement; openmark keeps one time axis), then the average. The intervals are the run's
 * ({@code timeseries.granularity}, YCSB's name for the same thing); an interval with none of an
 * operation prints no line for it, as in YCSB; warm-up intervals are left out, as the report leaves them out.
 */
public final class YcsbTimeSeries implements IntervalSink {
    private final List<LatencyBlock> blocks;
    /** Per block name, per interval start (ms from the measured start), the interval's histogram. */
    private final Map<String, Map<Long, Histogram>> series = new TreeMap<>();
    private long startEpochMs = -1;

    /** @param blocks the report's latency blocks */
    public YcsbTimeSeries(List<LatencyBlock> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    @Override
    public void started(long startMs) {
        if (startEpochMs < 0) {
            startEpochMs = startMs;
        }
    }

    @Override
    public synchronized void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        started(s.startMillis());
        if (warmUp) {
            return;
        }
        long at = s.startMillis() - startEpochMs;
        YcsbHdrFiles.byBlock(s, blocks).forEach((name, h) -> {
            if (h.getTotalCount() > 0) {
                series.computeIfAbsent(name, k -> new TreeMap<>()).put(at, h);
            }
        });
    }

    /** The lines, {@code [NAME], MS, AVERAGE}, by name, then by time. */
    public synchronized List<String> lines() {
        List<String> out = new ArrayList<>();
        series.forEach((name, byTime) -> byTime.forEach((at, h) ->
                out.add("[" + name + "], " + at + ", " + h.getMean())));
        return out;
    }

    /** The same figures for result.json: per name, interval start (ms) to average (us). */
    public synchronized Map<String, Object> values() {
        Map<String, Object> out = new LinkedHashMap<>();
        series.forEach((name, byTime) -> {
            Map<String, Double> averages = new LinkedHashMap<>();
            byTime.forEach((at, h) -> averages.put(Long.toString(at), h.getMean()));
            out.put(name, averages);
        });
        return out;
    }

    @Override
    public void close() {
    }
}
