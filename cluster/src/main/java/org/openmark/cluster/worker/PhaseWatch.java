package org.openmark.cluster.worker;

import java.util.List;
import org.openmark.output.IntervalSink;
import org.openmark.run.RunConfig;
import org.openmark.run.RunResult;

/**
 * What watches a worker's own phases live ({@code worker --metrics}): sinks added to each phase
 * beside the forwarder, and each phase's result once it ended.
 */
public interface PhaseWatch {
    /** Nothing watches. */
    PhaseWatch NONE = new PhaseWatch() {
        @Override
        public List<IntervalSink> sinks(RunConfig cfg) {
            return List.of();
        }

        @Override
        public void ended(RunResult result) {
        }
    };

    /** The sinks of the worker's phase of {@code cfg} (not closed by the phase). */
    List<IntervalSink> sinks(RunConfig cfg);

    /** The phase ended with {@code result} (this worker's part). */
    void ended(RunResult result);
}
