package org.openmark.measure;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The run's final histograms: the sum of every interval recorded after the warm-up. Intervals
 * that fall in the warm-up are only counted (they stay in the interval log).
 */
public final class Totals {
    private final Map<Channel, Histogram> response = new TreeMap<>();
    private final Map<Channel, Histogram> service = new TreeMap<>();
    private final Histogram sendLag = Measurements.newHistogram();
    private long warmUpCompleted;

    /** Adds a measured interval. */
    public void add(IntervalSnapshot s) {
        s.response().forEach((c, h) -> response.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
        s.service().forEach((c, h) -> service.computeIfAbsent(c, k -> Measurements.newHistogram()).add(h));
        sendLag.add(s.sendLag());
    }

    /** Counts an interval that belongs to the warm-up. */
    public void addWarmUp(IntervalSnapshot s) {
        warmUpCompleted += s.completed();
    }

    public Map<Channel, Histogram> response() {
        return response;
    }

    public Map<Channel, Histogram> service() {
        return service;
    }

    public Histogram sendLag() {
        return sendLag;
    }

    /** Operations that completed during the warm-up (excluded from the histograms). */
    public long warmUpCompleted() {
        return warmUpCompleted;
    }

    /** Operations (not inner calls) that completed after the warm-up. */
    public long measuredCompleted() {
        long n = 0;
        for (Map.Entry<Channel, Histogram> e : response.entrySet()) {
            if (!e.getKey().inner()) {
                n += e.getValue().getTotalCount();
            }
        }
        return n;
    }
}
