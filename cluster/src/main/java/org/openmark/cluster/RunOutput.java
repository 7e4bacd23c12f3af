package org.openmark.cluster;

import org.openmark.run.RunResult;

import java.io.PrintStream;
import java.util.List;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.MergedOutput;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.IntervalSummary;
import org.openmark.measure.Outage;
import org.openmark.measure.OutageDetector;
import org.openmark.run.Model;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.StatusLine;

/**
 * Where a cluster run's intervals go as the coordinator merges them: the interval files
 * ({@link ClusterIntervalFiles}), the outage detector (its outages go into the result), the live
 * progress ({@link ProgressLines}) and whatever else watches the run live (the metrics endpoint).
 */
final class RunOutput implements MergedOutput {
    private final ClusterIntervalFiles files;
    private final ProgressLines progress;
    private final OutageDetector outages = new OutageDetector();
    private final MergedOutput watcher;
    private double lastElapsed;

    /** @param watcher also told every merged and per-worker interval (live metrics), or null */
    RunOutput(RunConfig cfg, PrintStream err, MergedOutput watcher) {
        this.watcher = watcher;
        this.files = new ClusterIntervalFiles(cfg.output().outDir(), cfg.output().ycsb(),
                org.openmark.run.ReportBlocks.of(cfg), err);
        this.progress = new ProgressLines(cfg.output().statusInterval(), cfg.output().quiet(),
                new StatusLine(StatusLine.Latency.of(
                cfg.phase() == Phase.RUN && cfg.model() instanceof Model.Open, cfg.pacedClosedRun())), err);
    }

    @Override
    public void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
        files.merged(m);
        outages.add(IntervalSummary.of(m.snapshot(), lastElapsed, m.elapsedSeconds(), m.inFlight(), m.warmUp()));
        lastElapsed = m.elapsedSeconds();
        progress.merged(m, workers);
        if (watcher != null) {
            watcher.merged(m, workers);
        }
    }

    @Override
    public void worker(WorkerSlot w, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        files.worker(w, s, elapsedSeconds, inFlight, warmUp);
        if (watcher != null) {
            watcher.worker(w, s, elapsedSeconds, inFlight, warmUp);
        }
    }

    /** The outages seen in the merged intervals so far. */
    List<Outage> outages() {
        return outages.outages();
    }

    /** {@code result} with what the merged intervals add to it (YCSB's time series). */
    RunResult withMergedSections(RunResult result) {
        return files.withYcsbTimeSeries(result);
    }

    /** Closes the interval files. */
    void close() {
        files.close();
    }
}
