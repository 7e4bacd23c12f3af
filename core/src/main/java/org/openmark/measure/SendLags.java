package org.openmark.measure;

import org.HdrHistogram.Histogram;

/**
 * Send lags of one writer in one interval: the zeros counted (every unpaced operation's), the
 * others in a histogram. Written by the writer only; the collector takes a whole one.
 */
final class SendLags {
    private final Histogram nonZero = Measurements.newHistogram();
    private long zeros;

    void record(long micros) {
        if (micros == 0) {
            zeros++;
        } else {
            nonZero.recordValue(micros);
        }
    }

    /** Counts {@code n} send lags of zero. */
    void addZeros(long n) {
        zeros += n;
    }

    void addTo(Histogram lag) {
        lag.add(nonZero);
        if (zeros > 0) {
            lag.recordValueWithCount(0, zeros);
        }
    }

    void clear() {
        nonZero.reset();
        zeros = 0;
    }
}
