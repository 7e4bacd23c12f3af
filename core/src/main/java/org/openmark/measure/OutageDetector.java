package org.openmark.measure;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.Status;

/**
 * Finds the outages in a run's intervals: consecutive intervals in which at least
 * {@value #FAILING_FRACTION} of the completed operations failed (NOT_FOUND is an answer, not a
 * failure), or in which nothing completed while operations were outstanding. Pure: the same
 * intervals give the same outages.
 */
public final class OutageDetector {
    /** The share of failed operations from which an interval counts as failing. */
    public static final double FAILING_FRACTION = 0.1;

    private OutageDetector() {
    }

    /** The outages, in time order. */
    public static List<Outage> detect(List<IntervalSummary> intervals) {
        List<Outage> out = new ArrayList<>();
        Outage.Kind kind = null;
        double from = 0;
        double to = 0;
        final Map<Status, Long> statuses = new EnumMap<>(Status.class);
        long operations = 0;
        for (IntervalSummary s : intervals) {
            Outage.Kind k = kindOf(s);
            if (k != kind && kind != null) {
                out.add(new Outage(kind, from, to, statuses, operations));
                statuses.clear();
                operations = 0;
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
        if (kind != null) {
            out.add(new Outage(kind, from, to, statuses, operations));
        }
        return out;
    }

    private static Outage.Kind kindOf(IntervalSummary s) {
        if (s.completed() == 0) {
            return s.inFlight() > 0 ? Outage.Kind.STALL : null;
        }
        return s.storeFailures() >= FAILING_FRACTION * s.completed() ? Outage.Kind.ERRORS : null;
    }
}
