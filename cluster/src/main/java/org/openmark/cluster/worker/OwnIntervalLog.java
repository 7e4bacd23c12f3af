package org.openmark.cluster.worker;

import java.io.IOException;
import java.nio.file.Path;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.HlogSink;
import org.openmark.output.IntervalSink;

/**
 * A worker's own record of the intervals it sends, kept where the worker runs: the same
 * HdrHistogram interval log a run in one process writes, in the worker's clock. The
 * coordinator's merged log can be checked against these, since they never crossed the network.
 * Opened at the first interval, so its base time is the run's start; complete or absent.
 */
final class OwnIntervalLog implements IntervalSink {
    private final Path file;
    private HlogSink log;

    OwnIntervalLog(Path file) {
        this.file = file;
    }

    @Override
    public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException {
        if (log == null) {
            log = new HlogSink(file, s.startMillis());
        }
        log.interval(s, elapsedSeconds, inFlight, warmUp);
    }

    @Override
    public void close() throws IOException {
        if (log != null) {
            log.close();
        }
    }
}
