package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.openmark.measure.IntervalSnapshot;

/**
 * Lines up the workers' intervals and merges each once every worker that can still deliver it
 * has: interval k of every worker covers the same span (they start together and collect at the
 * same period), so their sum is the run's interval k. A worker that finished or was lost no
 * longer holds the others up. Pure and single-threaded (the coordinator's actor owns it).
 */
public final class IntervalMerger {
    /** A merged interval, ready for the sinks and the status line, with the workers' parts of it. */
    public record Merged(int seq, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp,
            List<Part> parts) {
    }

    /** One worker's interval. */
    public record Part(int worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp,
            double cpuPercent) {
    }

    private final int workers;
    private final int[] delivered;
    private final boolean[] closed;
    private final TreeMap<Integer, List<Part>> pending = new TreeMap<>();
    private int next;

    public IntervalMerger(int workers) {
        this.workers = workers;
        this.delivered = new int[workers];
        this.closed = new boolean[workers];
    }

    /** Worker {@code w}'s interval {@code seq} (they come in order); returns what became complete. */
    public List<Merged> add(int w, int seq, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp,
            double cpuPercent) {
        if (closed[w] || seq != delivered[w]) {
            throw new IllegalStateException("worker " + (w + 1) + ": interval " + seq + " out of order (expected "
                    + delivered[w] + (closed[w] ? ", and it had ended" : "") + ")");
        }
        delivered[w]++;
        pending.computeIfAbsent(seq, k -> new ArrayList<>())
                .add(new Part(w, s, elapsedSeconds, inFlight, warmUp, cpuPercent));
        return drain();
    }

    /** Worker {@code w} will deliver nothing more (it finished, or it was lost). */
    public List<Merged> close(int w) {
        closed[w] = true;
        return drain();
    }

    /** Everything still pending, merged as it is (the run ends). */
    public List<Merged> flush() {
        for (int w = 0; w < workers; w++) {
            closed[w] = true;
        }
        return drain();
    }

    private boolean complete(int seq) {
        for (int w = 0; w < workers; w++) {
            if (!closed[w] && delivered[w] <= seq) {
                return false;
            }
        }
        return true;
    }

    private List<Merged> drain() {
        List<Merged> out = new ArrayList<>();
        while (!pending.isEmpty() && pending.firstKey() == next && complete(next)) {
            List<Part> parts = pending.pollFirstEntry().getValue();
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            double elapsed = 0;
            long inFlight = 0;
            boolean warmUp = true;
            List<IntervalSnapshot> snapshots = new ArrayList<>();
            for (Part p : parts) {
                start = Math.min(start, p.snapshot.startMillis());
                end = Math.max(end, p.snapshot.endMillis());
                elapsed = Math.max(elapsed, p.elapsedSeconds);
                inFlight += p.inFlight;
                warmUp &= p.warmUp;
                snapshots.add(p.snapshot);
            }
            out.add(new Merged(next, IntervalSnapshot.merge(start, end, snapshots), elapsed, inFlight, warmUp,
                    List.copyOf(parts)));
            next++;
        }
        return out;
    }
}
