package org.openmark.trace;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a replay of a trace will issue, for the command that starts it: how many operations, over how
 * long, and what it leaves out.
 *
 * @param operations the replayable operations
 * @param spanNanos when the last one is due (at the given speed)
 * @param left the operations left out, by name
 * @param end the trace's end mark
 * @param header what the trace says of its run
 */
public record TraceSummary(long operations, long spanNanos, Map<String, Long> left, TraceEnd end,
        TraceHeader header) {

    /** Reads {@code file} whole, in {@code format} (refusing an incomplete or damaged one, naming it). */
    public static TraceSummary of(Path file, TraceFileFormat format, double speed) {
        ReplaySchedule s = ReplaySchedule.load(file, format, speed);
        return new TraceSummary(s.operations().size(), s.spanNanos(), s.left(), s.end(), s.header());
    }

    /** The replay's mean rate: its operations over its span (its count when they are all due at once). */
    public double meanRatePerSec() {
        return spanNanos <= 0 ? Math.max(1, operations) : operations / (spanNanos / 1e9);
    }
}
