package org.openmark.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openmark.output.HlogSink;
import org.openmark.output.IntervalSink;
import org.openmark.output.TimeSeriesSink;
import org.openmark.output.YcsbHdrFiles;
import org.openmark.output.YcsbTimeSeries;
import org.openmark.output.LatencyBlock;
import org.openmark.workload.ReportSection;

/**
 * A phase's interval files in its output directory ({@code latency.hlog}, {@code timeseries.csv}),
 * written while it runs under temporary names. Closing renames each into place or, when a write
 * failed, deletes it: a file is complete or absent. A file that could not be written does not
 * cost the run its result: it is named in the result's warnings and kept for the command, which
 * reports the run and then fails naming it.
 */
final class IntervalFiles {
    private final List<IntervalSink> sinks = new ArrayList<>();

    /** YCSB's time series, when {@code measurementtype=timeseries}, else null. */
    private final YcsbTimeSeries ycsbTimeSeries;

    /** The files of a run with {@code seed} in {@code dir}, or none when {@code dir} is null. */
    IntervalFiles(Path dir, long seed) throws IOException {
        this(dir, seed, YcsbMeasurement.DEFAULT, List.of());
    }

    /**
     * The files of a run with {@code seed} in {@code dir} (none when null), and YCSB's outputs when its
     * properties ask for them: the {@code .hdr} file of each operation, the time series.
     *
     * @param blocks the text report's latency blocks ({@link ReportBlocks})
     */
    IntervalFiles(Path dir, long seed, YcsbMeasurement ycsb, List<LatencyBlock> blocks) throws IOException {
        ycsbTimeSeries = ycsb.timeSeries() ? new YcsbTimeSeries(blocks) : null;
        try {
            if (dir != null) {
                sinks.add(HlogSink.ofRun(dir.resolve("latency.hlog"), seed));
                sinks.add(new TimeSeriesSink(dir.resolve("timeseries.csv")));
            }
            if (ycsb.hdrFilePrefix() != null) {
                sinks.add(new YcsbHdrFiles(ycsb::hdrFile, blocks));
            }
            if (ycsbTimeSeries != null) {
                sinks.add(ycsbTimeSeries);
            }
        } catch (IOException e) {
            abandon();
            throw e;
        }
    }

    /** {@code result} with YCSB's time series among its sections, when it was asked for. */
    RunResult withYcsbTimeSeries(RunResult result) {
        if (ycsbTimeSeries == null) {
            return result;
        }
        List<ReportSection> sections = new ArrayList<>(result.sections());
        sections.add(new ReportSection("timeseries", ycsbTimeSeries.lines(), ycsbTimeSeries.values()));
        return result.withSections(sections);
    }

    List<IntervalSink> sinks() {
        return List.copyOf(sinks);
    }

    /**
     * Closes the files after a phase that produced {@code result}: each failure is added to
     * {@code failures} and to the result's warnings.
     */
    RunResult close(RunResult finished, List<IOException> failures) {
        RunResult result = withYcsbTimeSeries(finished);
        List<String> warnings = new ArrayList<>(result.warnings());
        for (IntervalSink s : sinks) {
            try {
                s.close();
            } catch (IOException e) {
                failures.add(e);
                warnings.add("an output file was not written: " + e.getMessage());
            }
        }
        return warnings.size() == result.warnings().size() ? result
                : result.withVerdict(warnings, result.valid(), result.outages());
    }

    /** Closes the files of a phase that failed (its own failure is the one reported). */
    void abandon() {
        for (IntervalSink s : sinks) {
            try {
                s.close();
            } catch (IOException e) {
                // the phase's own failure is the one to report
            }
        }
    }
}
