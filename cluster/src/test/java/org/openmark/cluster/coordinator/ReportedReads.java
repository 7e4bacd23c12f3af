package org.openmark.cluster.coordinator;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.cluster.protocol.IntervalWire;
import org.openmark.cluster.protocol.ResultWire;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.run.Accounting;
import org.openmark.run.OpResult;
import org.openmark.run.OpenmarkVersion;
import org.openmark.run.Phase;
import org.openmark.run.RunResult;

/**
 * What a worker reports to a run's actor when its part was {@code n} reads, all OK, each taking
 * {@link #LATENCY_MICROS}: its result and an interval, as they travel (so a test can tell whose
 * operations an outcome counts by their number).
 */
final class ReportedReads {
    static final long LATENCY_MICROS = 250;
    private static final Channel READ_OK = new Channel("READ", Status.OK, false);

    private ReportedReads() {
    }

    /** A worker's whole result of {@code n} reads, as its {@link org.openmark.cluster.protocol.Done} carries it. */
    static ResultWire result(long n) {
        OpResult read = new OpResult("READ", Map.of(Status.OK, n), reads(n), reads(n), Measurements.newHistogram(),
                Measurements.newHistogram(), Map.of(Status.OK, reads(n)), Map.of(Status.OK, reads(n)));
        return ResultWire.of(new RunResult(OpenmarkVersion.current(), 1, false, Phase.RUN, null, false, true, "memory",
                Map.of(), Map.of(), 0, 1000, n, List.of(read), new Accounting(n, 0, Map.of(Status.OK, n), 0, 0), null,
                Measurements.newHistogram(), List.of(), List.of(), true, false, null, List.of(), List.of()));
    }

    /** An interval [{@code startMillis}, {@code endMillis}] of a worker's clock in which {@code n} reads completed. */
    static IntervalWire interval(long startMillis, long endMillis, long n) {
        return IntervalWire.of(new IntervalSnapshot(startMillis, endMillis, Map.of(READ_OK, reads(n)),
                Map.of(READ_OK, reads(n)), Measurements.newHistogram(), n));
    }

    private static Histogram reads(long n) {
        Histogram h = Measurements.newHistogram();
        if (n > 0) {
            h.recordValueWithCount(LATENCY_MICROS, n);
        }
        return h;
    }
}
