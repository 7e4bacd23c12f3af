package org.openmark.cluster.coordinator;

import java.util.List;
import org.openmark.measure.IntervalSnapshot;

/** Where a run's merged intervals and each worker's own intervals go (files, the status line). */
public interface MergedOutput {
    /** Interval {@code merged.seq()} of the run, every worker's part added; {@code workers} as they are now. */
    void merged(IntervalMerger.Merged merged, List<WorkerSlot> workers);

    /** One worker's interval, as it arrived (in the coordinator's time). */
    void worker(WorkerSlot worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp);
}
