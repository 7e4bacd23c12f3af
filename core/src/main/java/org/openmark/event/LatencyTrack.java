package org.openmark.event;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.output.IntervalSink;

/**
 * Keeps, of every measured interval, what {@link Recovery}'s rule needs: its end and length
 * (seconds from the phase's start, the results' one time base), how many operations ended OK, and
 * their response-time p99, every operation together. Four numbers per interval, so a day's run
 * at one-second intervals keeps a few megabytes.
 */
public final class LatencyTrack implements IntervalSink {
    private final List<Recovery.Point> points = new ArrayList<>();
    private long startEpochMs = Long.MIN_VALUE;

    @Override
    public synchronized void started(long startEpochMs) {
        this.startEpochMs = startEpochMs;
    }

    @Override
    public synchronized void interval(IntervalSnapshot snapshot, double elapsedSeconds, long inFlight,
            boolean warmUp) {
        if (warmUp || startEpochMs == Long.MIN_VALUE) {
            return;
        }
        Histogram ok = Measurements.newHistogram();
        for (var e : snapshot.response().entrySet()) {
            Channel c = e.getKey();
            if (!c.inner() && c.status() == Status.OK) {
                ok.add(e.getValue());
            }
        }
        long n = ok.getTotalCount();
        points.add(new Recovery.Point((snapshot.endMillis() - startEpochMs) / 1000.0,
                (snapshot.endMillis() - snapshot.startMillis()) / 1000.0, n, n == 0 ? 0 : ok.getValueAtPercentile(99)));
    }

    /** The measured intervals so far, in order. */
    public synchronized List<Recovery.Point> points() {
        return List.copyOf(points);
    }

    /** Each outcome with its {@link Recovery}, for the events that started. */
    public List<EventOutcome> judge(List<EventOutcome> outcomes) {
        List<Recovery.Point> all = points();
        return outcomes.stream().map(o -> Double.isNaN(o.startSeconds()) ? o
                : o.withRecovery(Recovery.of(all, o.startSeconds(), o.endSeconds()))).toList();
    }

    @Override
    public void close() {
    }
}
