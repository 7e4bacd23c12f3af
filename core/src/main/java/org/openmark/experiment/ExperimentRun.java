package org.openmark.experiment;

import org.HdrHistogram.Histogram;

/**
 * One row of the experiment: an approach, its thread count (0 for the open model) and the
 * latency histogram it reports (microseconds).
 *
 * @param approach {@code open}, {@code closed} (raw, from the actual start) or
 *     {@code closed-intended} (from the intended start, YCSB's correction)
 * @param valid whether the run behind the row was valid
 * @param invalidReason why it was not (its warnings), empty when valid
 */
public record ExperimentRun(String approach, int threads, Histogram latency, boolean valid, String invalidReason) {

    /** What a reader sees for the row: the approach and, for the closed model, its threads. */
    public String label() {
        return threads == 0 ? approach + " model" : approach + " with " + threads + " threads";
    }
}
