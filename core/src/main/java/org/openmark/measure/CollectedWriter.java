package org.openmark.measure;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A writer as the collector sees it: what it counted and recorded since the last collection. */
interface CollectedWriter extends MeasurementWriter {

    /** Operations this writer counted as issued so far. */
    long issuedCount();

    /**
     * Adds what was recorded since the previous call to the interval's histograms, by channel, and
     * its evidence of stalls to {@code stalls}.
     * Called by the one collector thread only; the writers go on while it runs.
     */
    void drainInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram sendLag,
            StallEvidence stalls);

    /** {@link #drainInto(Map, Map, Histogram, StallEvidence)} without the evidence of stalls. */
    default void drainInto(Map<Channel, Histogram> response, Map<Channel, Histogram> service, Histogram sendLag) {
        drainInto(response, service, sendLag, new StallEvidence(Long.MAX_VALUE));
    }

    /** The channels this writer recorded so far. */
    List<Channel> channels();
}
