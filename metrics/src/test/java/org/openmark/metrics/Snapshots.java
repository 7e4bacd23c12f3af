package org.openmark.metrics;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/** Interval snapshots built value by value, for tests. */
final class Snapshots {
    private final Map<Channel, Histogram> response = new TreeMap<>();
    private final Map<Channel, Histogram> service = new TreeMap<>();
    private final Histogram sendLag = Measurements.newHistogram();
    private long issued;

    /** {@code count} operations {@code op} ending with {@code status}, each taking {@code micros} (service: half). */
    Snapshots ops(String op, Status status, long micros, long count) {
        Channel c = new Channel(op, status, false);
        response.computeIfAbsent(c, k -> Measurements.newHistogram()).recordValueWithCount(micros, count);
        service.computeIfAbsent(c, k -> Measurements.newHistogram()).recordValueWithCount(micros / 2, count);
        issued += count;
        return this;
    }

    Snapshots lag(long micros, long count) {
        sendLag.recordValueWithCount(micros, count);
        return this;
    }

    IntervalSnapshot build(long startMillis, long endMillis) {
        return new IntervalSnapshot(startMillis, endMillis, response, service, sendLag, issued);
    }
}
