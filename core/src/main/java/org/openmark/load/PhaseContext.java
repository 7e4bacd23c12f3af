package org.openmark.load;

import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.measure.Measurements;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Tasks;
import org.openmark.workload.Workload;

/**
 * Everything a load model needs to run one phase.
 *
 * @param seed the run's seed (each client derives its own stream from it)
 * @param gauges live figures the status line reads (in-flight operations)
 * @param window opened by the model when its preparation is done and its first operation is due
 */
public record PhaseContext(Workload workload, Store store, Measurements measurements, Clock clock, long seed,
        RunLimits limits, StopSignal stop, Tasks tasks, Gauges gauges, MeasuredWindow window) {
}
