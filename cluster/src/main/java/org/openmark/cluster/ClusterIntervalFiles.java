package org.openmark.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.HlogSink;
import org.openmark.output.IntervalSink;
import org.openmark.output.TimeSeriesSink;
import org.openmark.output.YcsbHdrFiles;
import org.openmark.output.YcsbTimeSeries;
import org.openmark.output.LatencyBlock;
import org.openmark.run.RunResult;
import org.openmark.run.YcsbMeasurement;
import org.openmark.workload.ReportSection;

/**
 * The interval files of a cluster run under {@code --out DIR}: the merged intervals in
 * {@code latency.hlog} and {@code timeseries.csv}, as a run in one process writes them, and each
 * worker's intervals, as the coordinator received them, in {@code workers/worker-N/latency.hlog}.
 * Each file is opened at its first interval, so its base time is the run's start, and a run that
 * never starts leaves none. A file that cannot be written is warned about; the run goes on.
 */
final class ClusterIntervalFiles {
    private final Path outDir;
    private final PrintStream err;
    private final List<IntervalSink> merged = new ArrayList<>();
    private final Map<Integer, HlogSink> perWorker = new HashMap<>();
    /** YCSB's outputs of the merged intervals: its .hdr files and time series, as a single process writes them. */
    private final List<IntervalSink> ycsb = new ArrayList<>();
    private final YcsbTimeSeries ycsbTimeSeries;

    /** @param outDir the run's {@code --out}, or null for no files */
    ClusterIntervalFiles(Path outDir, PrintStream err) {
        this(outDir, YcsbMeasurement.DEFAULT, List.of(), err);
    }

    /**
     * @param outDir the run's {@code --out}, or null for no files
     * @param ycsbOutput YCSB's measurement outputs the run asks for
     * @param blocks the text report's latency blocks
     */
    ClusterIntervalFiles(Path outDir, YcsbMeasurement ycsbOutput, List<LatencyBlock> blocks, PrintStream err) {
        this.outDir = outDir;
        this.err = err;
        this.ycsbTimeSeries = ycsbOutput.timeSeries() ? new YcsbTimeSeries(blocks) : null;
        if (ycsbOutput.hdrFilePrefix() != null) {
            ycsb.add(new YcsbHdrFiles(ycsbOutput::hdrFile, blocks));
        }
        if (ycsbTimeSeries != null) {
            ycsb.add(ycsbTimeSeries);
        }
    }

    /** {@code result} with YCSB's time series of the merged intervals, when the run asked for it. */
    RunResult withYcsbTimeSeries(RunResult result) {
        if (ycsbTimeSeries == null) {
            return result;
        }
        List<ReportSection> sections = new ArrayList<>(result.sections());
        sections.add(new ReportSection("timeseries", ycsbTimeSeries.lines(), ycsbTimeSeries.values()));
        return result.withSections(sections);
    }

    void merged(IntervalMerger.Merged m) {
        for (IntervalSink sink : ycsb) {
            try {
                sink.interval(m.snapshot(), m.elapsedSeconds(), m.inFlight(), m.warmUp());
            } catch (IOException e) {
                err.println("openmark cluster: warning: could not write YCSB's .hdr files: " + e.getMessage());
            }
        }
        if (outDir != null && merged.isEmpty()) {
            // Created at the first interval, so the log's base time is the run's start.
            try {
                merged.add(new HlogSink(outDir.resolve("latency.hlog"), m.snapshot().startMillis()));
                merged.add(new TimeSeriesSink(outDir.resolve("timeseries.csv")));
            } catch (IOException e) {
                err.println("openmark cluster: warning: could not open the interval files: " + e.getMessage());
            }
        }
        for (IntervalSink sink : merged) {
            try {
                sink.interval(m.snapshot(), m.elapsedSeconds(), m.inFlight(), m.warmUp());
            } catch (IOException e) {
                err.println("openmark cluster: warning: could not write an interval file: " + e.getMessage());
            }
        }
    }

    void worker(WorkerSlot w, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
        if (outDir == null) {
            return;
        }
        try {
            HlogSink sink = perWorker.get(w.index());
            if (sink == null) {
                sink = new HlogSink(outDir.resolve("workers").resolve(w.name()).resolve("latency.hlog"),
                        s.startMillis());
                perWorker.put(w.index(), sink);
            }
            sink.interval(s, elapsedSeconds, inFlight, warmUp);
        } catch (IOException e) {
            err.println("openmark cluster: warning: could not write " + w.name() + "'s interval log: "
                    + e.getMessage());
        }
    }

    /** Closes the merged files, then the workers'. */
    void close() {
        for (IntervalSink s : ycsb) {
            closeQuietly(s);
        }
        for (IntervalSink s : merged) {
            closeQuietly(s);
        }
        for (HlogSink s : perWorker.values()) {
            closeQuietly(s);
        }
    }

    private void closeQuietly(IntervalSink s) {
        try {
            s.close();
        } catch (IOException e) {
            err.println("openmark cluster: warning: " + e.getMessage());
        }
    }
}
