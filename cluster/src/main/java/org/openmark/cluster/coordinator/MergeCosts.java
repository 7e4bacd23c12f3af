package org.openmark.cluster.coordinator;

import org.HdrHistogram.Histogram;

/**
 * What merging costs the coordinator: per worker interval received, the bytes of its histograms
 * and the time to decode them and add them to the merge. Written by the coordinator's actor,
 * read once the run is over.
 */
public final class MergeCosts {
    private final Histogram nanos = new Histogram(3);
    private final Histogram bytes = new Histogram(3);

    public MergeCosts() {
        nanos.setAutoResize(true);
        bytes.setAutoResize(true);
    }

    synchronized void interval(long histogramBytes, long mergeNanos) {
        bytes.recordValue(Math.max(0, histogramBytes));
        nanos.recordValue(Math.max(0, mergeNanos));
    }

    /** One line for the report, or null when no interval arrived. */
    public synchronized String describe() {
        if (nanos.getTotalCount() == 0) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "merging cost the coordinator %.0f us per worker interval (p99 %d us,"
                + " %d intervals); an interval's histograms were %.0f bytes on average (max %d)",
                nanos.getMean() / 1000, nanos.getValueAtPercentile(99) / 1000, nanos.getTotalCount(), bytes.getMean(),
                bytes.getMaxValue());
    }
}
