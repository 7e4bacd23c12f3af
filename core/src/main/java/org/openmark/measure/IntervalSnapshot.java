package org.openmark.measure;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What was recorded in one interval: per channel the response-time and service-time
 * histograms (microseconds), the send lag of every operation that started in it, and how many
 * operations were issued in it.
 */
public record IntervalSnapshot(long startMillis, long endMillis, Map<Channel, Histogram> response,
        Map<Channel, Histogram> service, Histogram sendLag, long issued) {

    /** The sum of several intervals of the same span (the workers of a cluster run): a lossless merge. */
    public static IntervalSnapshot merge(long startMillis, long endMillis, Iterable<IntervalSnapshot> parts) {
        Map<Channel, Histogram> response = new java.util.TreeMap<>();
        Map<Channel, Histogram> service = new java.util.TreeMap<>();
        Histogram sendLag = Measurements.newHistogram();
        long issued = 0;
        for (IntervalSnapshot p : parts) {
            p.response().forEach((c, h) -> response.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
            p.service().forEach((c, h) -> service.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
            sendLag.add(p.sendLag());
            issued += p.issued();
        }
        for (Histogram h : response.values()) {
            h.setStartTimeStamp(startMillis);
            h.setEndTimeStamp(endMillis);
        }
        for (Histogram h : service.values()) {
            h.setStartTimeStamp(startMillis);
            h.setEndTimeStamp(endMillis);
        }
        return new IntervalSnapshot(startMillis, endMillis, response, service, sendLag, issued);
    }

    /** Response times per operation name, all statuses together, inner calls left out. */
    public Map<String, Histogram> responseByOperation() {
        return byOperation(response);
    }

    /** Service times per operation name, all statuses together, inner calls left out. */
    public Map<String, Histogram> serviceByOperation() {
        return byOperation(service);
    }

    private static Map<String, Histogram> byOperation(Map<Channel, Histogram> channels) {
        Map<String, Histogram> byOp = new java.util.TreeMap<>();
        channels.forEach((c, h) -> {
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
