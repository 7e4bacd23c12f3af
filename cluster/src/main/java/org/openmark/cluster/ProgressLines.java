package org.openmark.cluster;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.openmark.cluster.coordinator.IntervalMerger;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.run.StatusLine;

/**
 * The live progress of a cluster run: every status interval, the merged status line a run in one
 * process prints, over the merged intervals since the last one, and under it one line per worker
 * (its rate, send-lag p99 and CPU in its latest interval, or that it was lost).
 */
final class ProgressLines {
    private final Duration statusInterval;
    private final boolean quiet;
    private final PrintStream err;
    private final List<IntervalSnapshot> sinceStatus = new ArrayList<>();
    private final StatusLine statusLine;
    private double lastStatusElapsed;
    private long completedSoFar;

    /** @param quiet print nothing (the intervals are still counted) */
    ProgressLines(Duration statusInterval, boolean quiet, StatusLine statusLine, PrintStream err) {
        this.statusInterval = statusInterval;
        this.statusLine = statusLine;
        this.quiet = quiet;
        this.err = err;
    }

    /** Merged interval {@code m}; prints the lines when a status interval is complete. */
    void merged(IntervalMerger.Merged m, List<WorkerSlot> workers) {
        completedSoFar += m.snapshot().completed();
        sinceStatus.add(m.snapshot());
        // One status line every status interval, over the intervals since the last one.
        if (quiet || m.elapsedSeconds() - lastStatusElapsed < statusInterval.toMillis() / 1000.0 - 0.05) {
            return;
        }
        lastStatusElapsed = m.elapsedSeconds();
        IntervalSnapshot line = IntervalSnapshot.merge(sinceStatus.get(0).startMillis(),
                m.snapshot().endMillis(), sinceStatus);
        sinceStatus.clear();
        err.println(statusLine.format(line.endMillis(), m.elapsedSeconds(), completedSoFar, line, m.inFlight(), -1,
                m.warmUp()));
        List<IntervalMerger.Part> parts = new ArrayList<>(m.parts());
        parts.sort(Comparator.comparingInt(IntervalMerger.Part::worker));
        for (IntervalMerger.Part p : parts) {
            WorkerSlot w = workers.get(p.worker());
            IntervalSnapshot s = p.snapshot();
            double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
            Histogram lag = s.sendLag();
            err.println(String.format(Locale.ROOT, "         %s %s: %.1f ops/s%s%s", w.name(), w.address(),
                    s.completed() / seconds,
                    lag.getTotalCount() == 0 ? "" : ", send-lag p99 " + lag.getValueAtPercentile(99) + " us",
                    p.cpuPercent() < 0 ? "" : String.format(Locale.ROOT, ", CPU %.0f%%", p.cpuPercent())));
        }
        for (WorkerSlot w : workers) {
            if (w.lost() && m.parts().stream().noneMatch(p -> p.worker() == w.index())) {
                err.println("         " + w.name() + " " + w.address() + ": LOST");
            }
        }
    }
}
