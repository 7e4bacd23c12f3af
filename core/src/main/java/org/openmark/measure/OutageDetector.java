package org.openmark.measure;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.Status;

/**
 * Finds the outages in a run's intervals, one interval at a time (memory stays flat however long
 * the run): consecutive intervals in which at least {@value #FAILING_FRACTION} of the completed
 * operations failed (NOT_FOUND is an answer, not a failure), or in which nothing completed while
 * operations were outstanding. A process that has its operations' own times measures stalls in
 * time instead ({@link Stalls}) and asks this one for failures only ({@link #failuresOnly}); the
 * stalls found here have the intervals' resolution (a cluster coordinator sees only intervals).
 * Pure: the same intervals give the same outages. Not thread-safe.
 */
public final class OutageDetector {
    /** The share of failed operations from which an interval counts as failing. */
    public static final double FAILING_FRACTION = 0.1;

    private final List<Outage> outages = new ArrayList<>();
    private final boolean stalls;
    private final Map<Status, Long> statuses = new EnumMap<>(Status.class);
    private Outage.Kind kind;
    private double from;
    private double to;
    private long operations;

    /** A detector of both kinds of outage. */
    public OutageDetector() {
        this(true);
    }

    private OutageDetector(boolean stalls) {
        this.stalls = stalls;
    }

    /** A detector of the intervals in which the store failed, not of those in which nothing completed. */
    public static OutageDetector failuresOnly() {
        return new OutageDetector(false);
    }

    /** The outages of a whole list of intervals, in time order. */
    public static List<Outage> detect(List<IntervalSummary> intervals) {
        OutageDetector d = new OutageDetector();
        intervals.forEach(d::add);
        return d.outages();
    }

    /** The next interval, in time order. */
    public void add(IntervalSummary s) {
        Outage.Kind k = kindOf(s);
        if (k != kind && kind != null) {
            close();
        }
        if (k != null) {
            if (k != kind) {
                from = s.fromSeconds();
            }
            to = s.toSeconds();
            if (k == Outage.Kind.ERRORS) {
                s.failed().forEach((st, n) -> {
                    if (st != Status.NOT_FOUND) {
                        statuses.merge(st, n, Long::sum);
                    }
                });
                operations += s.storeFailures();
            } else {
                operations = s.inFlight();
            }
        }
        kind = k;
    }

    /** The outages so far, the one still going on included, in time order. */
    public List<Outage> outages() {
        List<Outage> all = new ArrayList<>(outages);
        if (kind != null) {
            all.add(new Outage(kind, from, to, statuses, operations));
        }
        return all;
    }

    private void close() {
        outages.add(new Outage(kind, from, to, statuses, operations));
        statuses.clear();
        operations = 0;
    }

    private Outage.Kind kindOf(IntervalSummary s) {
        if (s.completed() == 0) {
            return s.inFlight() > 0 && stalls ? Outage.Kind.STALL : null;
        }
        return s.storeFailures() >= FAILING_FRACTION * s.completed() ? Outage.Kind.ERRORS : null;
    }
}
