package org.openmark.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.openmark.api.Clock;
import org.openmark.load.Gauges;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.IntervalSummary;
import org.openmark.measure.Measurements;
import org.openmark.measure.Outage;
import org.openmark.measure.OutageDetector;
import org.openmark.measure.Totals;
import org.openmark.output.IntervalSink;

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
    private final StatusLine line;
    private final long startNanos;
    private final long warmupEndNanos;
    private final long expectedOps;
    private final long deadlineNanos;
    private final List<String> sinkErrors = new ArrayList<>();
    /** The intervals in which the store failed (stalls are measured in time: {@link Measurements#stalls}). */
    private final OutageDetector outages = OutageDetector.failuresOnly();
    /** The intervals collected since the last status line (merged for it). */
    private final List<IntervalSnapshot> sinceStatus = new ArrayList<>();
    /** Send lag of the measured intervals in which the store was in trouble, and of the others. */
    private final Histogram lagInStoreTrouble = Measurements.newHistogram();
    private final Histogram lagOutsideStoreTrouble = Measurements.newHistogram();
    /**
     * Send lag of the healthy intervals that begin in the first second of a phase without a
     * warm-up: the process's cold start (classes loaded and compiled on the first operations,
     * however much was warmed before), kept out of the generator's verdict but not out of the
     * measurements.
     */
    private final Histogram lagAtStartUp = Measurements.newHistogram();
    /** How long after the start a phase without a warm-up counts as starting up. */
    static final long START_UP_NANOS = 1_000_000_000L;
    /** Outstanding operations at the end of the last healthy intervals (a window, so memory stays flat). */
    private final java.util.ArrayDeque<Long> healthyInFlight = new java.util.ArrayDeque<>();
    private static final int HEALTHY_WINDOW = 120;
    /** Outstanding operations below this never make an interval count as backing up. */
    static final long BACKLOG_FLOOR = 64;
    /** Outstanding operations at the end of the last interval collected. */
    private long lastInFlight;
    private int troubledIntervals;
    private long lastMillis;
    private long lastNanos;
    private long completedSoFar;

    /**
     * @param status where status lines go, or null for none
     * @param line how they are written
     * @param expectedOps the phase's operation count (0 = unknown), for the ETA
     * @param deadlineNanos the phase's time limit, or Long.MAX_VALUE, for the ETA
     */
    IntervalCollector(Measurements measurements, Clock clock, Gauges gauges, List<IntervalSink> sinks,
            PrintStream status, StatusLine line, long startNanos, long warmupEndNanos, long expectedOps,
            long deadlineNanos) {
        this.measurements = measurements;
        this.clock = clock;
        this.gauges = gauges;
        this.sinks = sinks;
        this.status = status;
        this.line = line;
        this.startNanos = startNanos;
        this.warmupEndNanos = warmupEndNanos;
        this.expectedOps = expectedOps;
        this.deadlineNanos = deadlineNanos;
        this.lastMillis = clock.currentTimeMillis();
        this.lastNanos = startNanos;
    }

    /**
     * Whether the store was in trouble in an interval: failing (a tenth of its operations or more
     * failed), stalled (nothing completed while operations were outstanding), or backing up.
     * Sends that are late then are late because every worker is busy in the store: the store's
     * delay, not the generator's.
     *
     * <p>Backing up is judged two ways. Without any history (a stall in the first seconds, the
     * warm-up included), by the interval's own flow: by Little's law, more operations outstanding
     * (at its start or end) than it completed means they spent longer than a whole interval in
     * the store, and a count of outstanding operations that rose or fell by more than a quarter of
     * the completions means a backlog building or draining; both above a floor of
     * {@value #BACKLOG_FLOOR}, so that the noise of a light load never counts. With history, by the
     * outstanding operations against their typical level in the last healthy intervals.
     *
     * @param inFlightAtStart outstanding operations at the end of the previous interval
     */
    static boolean storeInTrouble(IntervalSummary s, long inFlightAtStart,
            java.util.Collection<Long> healthyInFlight) {
        if (s.completed() == 0) {
            return s.inFlight() > 0;
        }
        if (s.storeFailures() >= OutageDetector.FAILING_FRACTION * s.completed()) {
            return true;
        }
        long most = Math.max(inFlightAtStart, s.inFlight());
        if (most > Math.max(BACKLOG_FLOOR, s.completed())) {
            return true;
        }
        if (Math.abs(s.inFlight() - inFlightAtStart) > Math.max(BACKLOG_FLOOR, s.completed() / 4)) {
            return true;
        }
        if (healthyInFlight.size() < 3) {
            return false;
        }
        List<Long> sorted = new ArrayList<>(healthyInFlight);
        java.util.Collections.sort(sorted);
        long typical = sorted.get(sorted.size() / 2);
        return s.inFlight() > Math.max(BACKLOG_FLOOR, 8 * typical);
    }

    /** Send lag of the measured intervals in which the store was failing, stalled or backing up. */
    Histogram lagInStoreTrouble() {
        return lagInStoreTrouble;
    }

    /** Send lag of the healthy intervals of the start-up (a phase without a warm-up only). */
    Histogram lagAtStartUp() {
        return lagAtStartUp;
    }

    /** Send lag of the other measured intervals. */
    Histogram lagOutsideStoreTrouble() {
        return lagOutsideStoreTrouble;
    }

    /** How many measured intervals found the store in trouble. */
    int troubledIntervals() {
        return troubledIntervals;
    }

    /** The failures found in the intervals collected so far. */
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

    /** Tells the sinks the phase's measured start ({@link IntervalSink#started}). */
    void started(long startEpochMs) {
        for (IntervalSink sink : sinks) {
            try {
                sink.started(startEpochMs);
            } catch (IOException e) {
                if (sinkErrors.isEmpty()) {
                    sinkErrors.add("could not write an interval file: " + e.getMessage());
                }
            }
        }
    }

    /** Takes the final interval, ending now, and prints the last status line if intervals are pending. */
    void collectFinal() {
        long now = clock.nanoTime();
        collect(!sinceStatus.isEmpty(), warmupEndNanos > startNanos && now <= warmupEndNanos, (now - startNanos) / 1e9);
    }

    /**
     * Takes one interval ending now.
     *
     * @param warmUp whether the interval belongs to the warm-up (decided by the tick that was
     *     due, not by the time the collector woke, which is always a little later)
     * @param elapsedSeconds the time the status line shows: the tick that was due (a collector that
     *     woke late on a busy machine would otherwise show the next second twice)
     */
    synchronized void collect(boolean print, boolean warmUp, double elapsedSeconds) {
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
        long inFlightAtStart = lastInFlight;
        lastInFlight = inFlight;
        if (!warmUp) {
            if (storeInTrouble(summary, inFlightAtStart, healthyInFlight)) {
                troubledIntervals++;
                lagInStoreTrouble.add(s.sendLag());
            } else {
                healthyInFlight.addLast(inFlight);
                if (healthyInFlight.size() > HEALTHY_WINDOW) {
                    healthyInFlight.removeFirst();
                }
                if (warmupEndNanos <= startNanos && fromNanos - startNanos < START_UP_NANOS) {
                    lagAtStartUp.add(s.sendLag());
                } else {
                    lagOutsideStoreTrouble.add(s.sendLag());
                }
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
            IntervalSnapshot since = sinceStatus.size() == 1 ? s
                    : IntervalSnapshot.merge(sinceStatus.get(0).startMillis(), nowMillis, sinceStatus);
            sinceStatus.clear();
            if (status != null) {
                status.println(line.format(nowMillis, elapsedSeconds, completedSoFar, since, inFlight,
                        remainingSeconds(nowNanos, since), warmUp));
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
                    collect(print, true, (due - startNanos) / 1e9);
                    if (due == next) {
                        next += granularityNanos;
                    }
                } else {
                    collect(print, due <= warmupEndNanos, (due - startNanos) / 1e9);
                    next += granularityNanos;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
