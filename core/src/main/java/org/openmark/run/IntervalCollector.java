package org.openmark.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.openmark.api.Clock;
import org.openmark.load.Gauges;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;
import org.openmark.report.IntervalSink;

/**
 * Collects the measurements every status interval (and once at the end of the warm-up), adds
 * measured intervals to the totals, feeds the interval sinks and prints the status line.
 * Driven by {@link #collect}, which one thread at a time calls: the ticker thread while the
 * phase runs, then the orchestration for the final interval.
 */
final class IntervalCollector {
    private final Measurements measurements;
    private final Totals totals = new Totals();
    private final Clock clock;
    private final Gauges gauges;
    private final List<IntervalSink> sinks;
    private final PrintStream status;
    private final long startNanos;
    private final long warmupEndNanos;
    private final long expectedOps;
    private final long deadlineNanos;
    private final List<String> sinkErrors = new ArrayList<>();
    private long lastMillis;
    private long completedSoFar;

    /**
     * @param status where status lines go, or null for none
     * @param expectedOps the phase's operation count (0 = unknown), for the ETA
     * @param deadlineNanos the phase's time limit, or Long.MAX_VALUE, for the ETA
     */
    IntervalCollector(Measurements measurements, Clock clock, Gauges gauges, List<IntervalSink> sinks,
            PrintStream status, long startNanos, long warmupEndNanos, long expectedOps, long deadlineNanos) {
        this.measurements = measurements;
        this.clock = clock;
        this.gauges = gauges;
        this.sinks = sinks;
        this.status = status;
        this.startNanos = startNanos;
        this.warmupEndNanos = warmupEndNanos;
        this.expectedOps = expectedOps;
        this.deadlineNanos = deadlineNanos;
        this.lastMillis = clock.currentTimeMillis();
    }

    Totals totals() {
        return totals;
    }

    /** Problems writing interval files (the run goes on; the report says so). */
    List<String> sinkErrors() {
        return sinkErrors;
    }

    /** Takes the final interval, ending now. */
    void collectFinal() {
        collect(false, warmupEndNanos > startNanos && clock.nanoTime() <= warmupEndNanos);
    }

    /**
     * Takes one interval ending now.
     *
     * @param warmUp whether the interval belongs to the warm-up (decided by the tick that was
     *     due, not by the time the collector woke, which is always a little later)
     */
    synchronized void collect(boolean print, boolean warmUp) {
        long nowNanos = clock.nanoTime();
        long nowMillis = clock.currentTimeMillis();
        IntervalSnapshot s = measurements.collectInterval(lastMillis, nowMillis);
        lastMillis = nowMillis;
        if (warmUp) {
            totals.addWarmUp(s);
        } else {
            totals.add(s);
        }
        completedSoFar += s.completed();
        double elapsed = (nowNanos - startNanos) / 1e9;
        long inFlight = gauges.inFlight();
        for (IntervalSink sink : sinks) {
            try {
                sink.interval(s, elapsed, inFlight, warmUp);
            } catch (IOException e) {
                if (sinkErrors.isEmpty()) {
                    sinkErrors.add("could not write an interval file: " + e.getMessage());
                }
            }
        }
        if (print && status != null) {
            status.println(StatusLine.format(elapsed, completedSoFar, s, inFlight, remainingSeconds(nowNanos, s),
                    warmUp));
        }
    }

    private double remainingSeconds(long nowNanos, IntervalSnapshot s) {
        double byTime = deadlineNanos == Long.MAX_VALUE ? -1 : Math.max(0, (deadlineNanos - nowNanos) / 1e9);
        double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
        double rate = s.completed() / seconds;
        double byOps = expectedOps > 0 && rate > 0 ? Math.max(0, (expectedOps - completedSoFar) / rate) : -1;
        if (byTime < 0) {
            return byOps;
        }
        return byOps < 0 ? byTime : Math.min(byTime, byOps);
    }

    /** The ticker loop: collects at every interval and at the end of the warm-up until interrupted. */
    void tick(long intervalNanos) {
        long next = startNanos + intervalNanos;
        boolean warmupPending = warmupEndNanos > startNanos;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long due = warmupPending ? Math.min(next, warmupEndNanos) : next;
                clock.parkUntil(due);
                if (warmupPending && due == warmupEndNanos) {
                    warmupPending = false;
                    collect(due == next, true);
                    if (due == next) {
                        next += intervalNanos;
                    }
                } else {
                    collect(true, due <= warmupEndNanos);
                    next += intervalNanos;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
