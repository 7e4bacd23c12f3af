package org.openmark.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What was recorded in one interval: per channel the response-time and service-time
 * histograms (microseconds), and the send lag of every operation that started in it.
 */
public record IntervalSnapshot(long startMillis, long endMillis, Map<Channel, Histogram> response,
        Map<Channel, Histogram> service, Histogram sendLag) {

    /** Response times per operation name, all statuses together, inner calls left out. */
    public Map<String, Histogram> responseByOperation() {
        Map<String, Histogram> byOp = new java.util.TreeMap<>();
        response.forEach((c, h) -> {
            if (!c.inner()) {
                byOp.computeIfAbsent(c.op(), k -> Measurements.newHistogram()).add(h);
            }
        });
        return byOp;
    }

    /** Operations (not inner calls) completed in the interval. */
    public long completed() {
        long n = 0;
        for (Map.Entry<Channel, Histogram> e : response.entrySet()) {
            if (!e.getKey().inner()) {
                n += e.getValue().getTotalCount();
            }
        }
        return n;
    }
}
