package org.openmark.output;

import java.io.IOException;
import org.openmark.measure.IntervalSnapshot;

/** Receives every interval as it is collected (the HDR log, the time series, the status line). */
public interface IntervalSink extends AutoCloseable {

    /**
     * The phase's measured start, on the wall clock of its result ({@code startEpochMs}), taken
     * before its first interval: a sink whose file carries the start writes it now. The default
     * does nothing.
     */
    default void started(long startEpochMs) throws IOException {
    }

    /**
     * The phase is starting: {@code gauges} are its live figures (in flight, slot waits, drops),
     * for a sink that shows them between intervals (live metrics). Called once, before the first
     * interval; most sinks need nothing of it.
     */
    default void phaseStarted(org.openmark.load.Gauges gauges) {
    }

    /**
     * The store the phase runs against, before its first interval, for a sink that samples what the
     * store itself says while the run goes on ({@link org.openmark.api.Store#nodeActivity()}). The
     * default does nothing.
     */
    default void watchStore(org.openmark.api.Store store) {
    }

    /**
     * One interval.
     *
     * @param elapsedSeconds seconds since the phase started, at the interval's end
     * @param inFlight outstanding operations at the interval's end
     * @param warmUp true when the interval belongs to the warm-up
     */
    void interval(IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp) throws IOException;

    /** Finishes the output (renames the file into place). */
    @Override
    void close() throws IOException;
}
