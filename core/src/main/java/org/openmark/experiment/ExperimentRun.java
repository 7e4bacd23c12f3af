package org.openmark.experiment;

import org.HdrHistogram.Histogram;

/**
 * One row of the experiment: an approach, its thread count (0 for the open model) and the
 * latency histogram it reports (microseconds).
 *
 * @param approach {@code open}, {@code closed} (raw, from the actual start) or
 *     {@code closed-intended} (from the intended start, YCSB's correction)
 */
public record ExperimentRun(String approach, int threads, Histogram latency, boolean valid) {
}
