package org.openmark.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What was recorded in one interval: per channel the response-time and service-time
 * histograms (microseconds), and the send lag of every operation that started in it.
 */
public record IntervalSnapshot(long startMillis, long endMillis, Map<Channel, Histogram> response,
        Map<Channel, Histogram> service, Histogram sendLag) {

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
