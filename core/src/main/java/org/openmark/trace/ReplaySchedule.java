package org.openmark.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace's operations in the order of their intended starts, with the offset each is due at in a
 * replay ({@code --speed}: recorded offset / speed). A trace is written in the order its operations
 * ended; this puts them back in the schedule's order (stably: operations due at the same instant keep
 * the order they were written in). Held in memory (about 150 bytes an operation, with its key); the
 * operations a replay cannot issue (units of work of several records) are left out and counted.
 *
 * @param header what the trace says of the run that wrote it
 * @param end its end mark
 * @param operations the replayable operations, by intended start
 * @param offsetsNanos when each is due in the replay, from the phase's start
 * @param left out: operations a replay cannot issue, by name
 */
record ReplaySchedule(TraceHeader header, TraceEnd end, List<TraceRecord> operations, long[] offsetsNanos,
        Map<String, Long> left) {

    /** Reads {@code file} (streamed, in {@code format}) and keeps its operations; an incomplete or damaged trace is refused ({@link TraceFileException}). */
    static ReplaySchedule load(Path file, TraceFileFormat format, double speed) {
        List<TraceRecord> ops = new ArrayList<>();
        Map<String, Long> left = new TreeMap<>();
        TraceHeader header;
        TraceEnd end;
        try (TraceSource reader = format.open(file)) {
            header = reader.header();
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                if (ReplayedCall.of(r.operation()) == null || r.table() == null || r.key() == null) {
                    left.merge(r.operation(), 1L, Long::sum);
                } else {
                    ops.add(r);
                }
            }
            end = reader.end();
        } catch (IOException e) {
            throw new UncheckedIOException(new IOException(file + ": " + e.getMessage(), e));
        }
        ops.sort(Comparator.comparingLong(TraceRecord::intendedStartNanos));
        long[] offsets = new long[ops.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = Math.round(Math.max(0, ops.get(i).intendedStartNanos()) / speed);
        }
        return new ReplaySchedule(header, end, List.copyOf(ops), offsets, left);
    }

    /** The replay's length: when its last operation is due (0 for none). */
    long spanNanos() {
        return offsetsNanos.length == 0 ? 0 : offsetsNanos[offsetsNanos.length - 1];
    }
}
