package org.openmark.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.openmark.api.Clock;
import org.openmark.load.Gauges;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.IntervalSummary;
import org.openmark.measure.Outage;
import org.openmark.measure.OutageDetector;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Measurements;
import org.openmark.measure.Totals;
import org.openmark.report.IntervalSink;

/**
 * Collects the measurements every {@code granularity} (and once at the end of the warm-up), adds
 * measured intervals to the totals, feeds the interval sinks, keeps a summary of each interval
 * (to locate outages), and prints the status line every status interval over the intervals since
 * the last one. Driven by {@link #collect}, which one thread at a time calls: the ticker thread
 * while the phase runs, then the orchestration for the final interval.
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
    private final OutageDetector outages = new OutageDetector();
    /** The intervals collected since the last status line (merged for it). */
    private final List<IntervalSnapshot> sinceStatus = new ArrayList<>();
    /** Send lag of the measured intervals in which the store was in trouble, and of the others. */
    private final Histogram lagInStoreTrouble = Measurements.newHistogram();
    private final Histogram lagOutsideStoreTrouble = Measurements.newHistogram();
    /** Outstanding operations at the end of the last healthy intervals (a window, so memory stays flat). */
    private final java.util.ArrayDeque<Long> healthyInFlight = new java.util.ArrayDeque<>();
    private static final int HEALTHY_WINDOW = 120;
    private int troubledIntervals;
    private long lastMillis;
    private long lastNanos;
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
        this.lastNanos = startNanos;
    }

    /**
     * Whether the store was in trouble in an interval: failing (a tenth of its operations or more
     * failed), stalled (nothing completed while operations were outstanding), or backing up
     * (outstanding operations far above what they are when it is healthy). Sends that are late then
     * are late because every worker is busy in the store: the store's delay, not the generator's.
     */
    private boolean storeInTrouble(IntervalSummary s) {
        if (s.completed() == 0) {
            return s.inFlight() > 0;
        }
        if (s.storeFailures() >= OutageDetector.FAILING_FRACTION * s.completed()) {
            return true;
        }
        if (healthyInFlight.size() < 3) {
            return false;
        }
        List<Long> sorted = new ArrayList<>(healthyInFlight);
        java.util.Collections.sort(sorted);
        long typical = sorted.get(sorted.size() / 2);
        return s.inFlight() > Math.max(64, 8 * typical);
    }

    /** Send lag of the measured intervals in which the store was failing, stalled or backing up. */
    Histogram lagInStoreTrouble() {
        return lagInStoreTrouble;
    }

    /** Send lag of the other measured intervals. */
    Histogram lagOutsideStoreTrouble() {
        return lagOutsideStoreTrouble;
    }

    /** How many measured intervals found the store in trouble. */
    int troubledIntervals() {
        return troubledIntervals;
    }

    /** The outages found in the intervals collected so far. */
    List<Outage> outages() {
        return outages.outages();
    }

    Totals totals() {
        return totals;
    }

    /** Problems writing interval files (the run goes on; the report says so). */
    List<String> sinkErrors() {
        return sinkErrors;
    }

    /** Takes the final interval, ending now, and prints the last status line if intervals are pending. */
    void collectFinal() {
        collect(!sinceStatus.isEmpty(), warmupEndNanos > startNanos && clock.nanoTime() <= warmupEndNanos);
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
        long fromNanos = lastNanos;
        lastNanos = nowNanos;
        if (warmUp) {
            totals.addWarmUp(s);
        } else {
            totals.add(s);
        }
        completedSoFar += s.completed();
        double elapsed = (nowNanos - startNanos) / 1e9;
        long inFlight = gauges.inFlight();
        IntervalSummary summary = IntervalSummary.of(s, (fromNanos - startNanos) / 1e9, elapsed, inFlight, warmUp);
        outages.add(summary);
        sinceStatus.add(s);
        if (!warmUp) {
            if (storeInTrouble(summary)) {
                troubledIntervals++;
                lagInStoreTrouble.add(s.sendLag());
            } else {
                healthyInFlight.addLast(inFlight);
                if (healthyInFlight.size() > HEALTHY_WINDOW) {
                    healthyInFlight.removeFirst();
                }
                lagOutsideStoreTrouble.add(s.sendLag());
            }
        }
        for (IntervalSink sink : sinks) {
            try {
                sink.interval(s, elapsed, inFlight, warmUp);
            } catch (IOException e) {
                if (sinkErrors.isEmpty()) {
                    sinkErrors.add("could not write an interval file: " + e.getMessage());
                }
            }
        }
        if (print) {
            IntervalSnapshot line = sinceStatus.size() == 1 ? s
                    : IntervalSnapshot.merge(sinceStatus.get(0).startMillis(), nowMillis, sinceStatus);
            sinceStatus.clear();
            if (status != null) {
                status.println(StatusLine.format(elapsed, completedSoFar, line, inFlight,
                        remainingSeconds(nowNanos, line), warmUp));
            }
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

    /**
     * The ticker loop until interrupted: collects every {@code granularityNanos} and at the end of
     * the warm-up, and prints the status line every {@code statusNanos}.
     */
    void tick(long granularityNanos, long statusNanos) {
        long next = startNanos + granularityNanos;
        long nextStatus = startNanos + statusNanos;
        boolean warmupPending = warmupEndNanos > startNanos;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long due = warmupPending ? Math.min(next, warmupEndNanos) : next;
                clock.parkUntil(due);
                boolean print = due >= nextStatus;
                if (print) {
                    while (nextStatus <= due) {
                        nextStatus += statusNanos;
                    }
                }
                if (warmupPending && due == warmupEndNanos) {
                    warmupPending = false;
                    collect(print, true);
                    if (due == next) {
                        next += granularityNanos;
                    }
                } else {
                    collect(print, due <= warmupEndNanos);
                    next += granularityNanos;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
