package org.openmark.cli;

import java.util.List;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.MergedOutput;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.metrics.RunMetrics;

/**
 * A cluster's live metrics, on the coordinator: the merged intervals as the run's own rows (as a
 * run in one process serves them) and each worker's intervals, as they arrive, as rows labelled
 * with its name. Nothing is computed again: the merge is the coordinator's.
 */
final class ClusterMetrics implements MergedOutput {
    private final RunMetrics metrics;

    ClusterMetrics(RunMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
        metrics.interval(RunMetrics.RUN, m.snapshot(), m.elapsedSeconds(), m.inFlight(), m.warmUp());
    }

    @Override
    public void worker(WorkerSlot worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight,
            boolean warmUp) {
        metrics.interval(worker.name(), snapshot, elapsedSeconds, inFlight, warmUp);
    }
}
