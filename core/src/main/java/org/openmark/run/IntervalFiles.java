package org.openmark.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openmark.output.HlogSink;
import org.openmark.output.IntervalSink;
import org.openmark.output.TimeSeriesSink;

/**
 * A phase's interval files in its output directory ({@code latency.hlog}, {@code timeseries.csv}),
 * written while it runs under temporary names. Closing renames each into place or, when a write
 * failed, deletes it: a file is complete or absent. A file that could not be written does not
 * cost the run its result: it is named in the result's warnings and kept for the command, which
 * reports the run and then fails naming it.
 */
final class IntervalFiles {
    private final List<IntervalSink> sinks = new ArrayList<>();

    /** The files of a run with {@code seed} in {@code dir}, or none when {@code dir} is null. */
    IntervalFiles(Path dir, long seed) throws IOException {
        if (dir != null) {
            try {
                sinks.add(HlogSink.ofRun(dir.resolve("latency.hlog"), seed));
                sinks.add(new TimeSeriesSink(dir.resolve("timeseries.csv")));
            } catch (IOException e) {
                abandon();
                throw e;
            }
        }
    }

    List<IntervalSink> sinks() {
        return List.copyOf(sinks);
    }

    /**
     * Closes the files after a phase that produced {@code result}: each failure is added to
     * {@code failures} and to the result's warnings.
     */
    RunResult close(RunResult result, List<IOException> failures) {
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
