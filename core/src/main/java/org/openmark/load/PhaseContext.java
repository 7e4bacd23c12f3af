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
 * @param log told every operation that ended ({@code --record-ops}), or {@link OperationLog#NONE}
 */
public record PhaseContext(Workload workload, Store store, Measurements measurements, Clock clock, long seed,
        RunLimits limits, StopSignal stop, Tasks tasks, Gauges gauges, MeasuredWindow window, OperationLog log) {

    /** A phase whose operations go to no log. */
    public PhaseContext(Workload workload, Store store, Measurements measurements, Clock clock, long seed,
            RunLimits limits, StopSignal stop, Tasks tasks, Gauges gauges, MeasuredWindow window) {
        this(workload, store, measurements, clock, seed, limits, stop, tasks, gauges, window, OperationLog.NONE);
    }
}
