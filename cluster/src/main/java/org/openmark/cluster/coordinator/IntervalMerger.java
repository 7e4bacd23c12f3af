package org.openmark.cluster.coordinator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.measure.IntervalSnapshot;

/**
 * Merges the workers' intervals by time: the run's timeline ({@link RunTimeline}) is cut into
 * spans on the coordinator's clock, and each worker interval, its times moved into that clock by
 * the worker's measured offset, is added to the span its time says ({@link RunTimeline#spanOf}),
 * whatever its number and whenever it arrives. A span is final, and handed out, once every worker
 * that can still deliver has delivered everything up to its end (a worker that finished or was
 * lost no longer holds it); spans go out in order, empty ones too, so the merged timeline has no
 * holes. Every interval is added to exactly one span, so the merged intervals sum to the workers'.
 *
 * <p>Implementation notes: a worker's intervals are numbered 0, 1, 2, … and each starts where the
 * one before ended, so what a worker has delivered up to (its watermark) is the end of the longest
 * run of numbers without a gap; a later interval can only land at or after it. An interval that
 * arrives twice (a worker sends again what it queued) is dropped the second time. Pure and
 * single-threaded (the coordinator's actor owns it); it never reads a clock.
 */
public final class IntervalMerger {
    /**
     * A merged interval (span {@code seq} of the timeline), ready for the sinks and the status line,
     * with the workers' parts of it.
     *
     * @param inFlight every worker's outstanding operations at the span's end, as each last reported
     */
    public record Merged(int seq, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp,
            List<Part> parts) {
    }

    /** One worker's interval, its times in the coordinator's clock. */
    public record Part(int worker, IntervalSnapshot snapshot, double elapsedSeconds, long inFlight, boolean warmUp,
            double cpuPercent) {
    }

    private final RunTimeline timeline;
    private final int workers;
    private final boolean[] closed;
    /** Per worker: the next interval number not yet delivered with all before it. */
    private final int[] contiguous;
    /** Per worker: where its gapless intervals end (ms since the start). */
    private final long[] watermark;
    /** Per worker: intervals delivered beyond a gap, by number, with their end (ms since the start). */
    private final List<Map<Integer, Long>> ahead = new ArrayList<>();
    /** Per worker: its outstanding operations at the end of the last span handed out. */
    private final long[] lastInFlight;
    /** Per worker: the latest span one of its intervals was added to (-1: none). */
    private final int[] lastSpan;
    private final TreeMap<Integer, List<Part>> pending = new TreeMap<>();
    private int next;
    private long latestEndMillis = Long.MIN_VALUE;
    private int movedLater;

    public IntervalMerger(RunTimeline timeline, int workers) {
        this.timeline = timeline;
        this.workers = workers;
        this.closed = new boolean[workers];
        this.contiguous = new int[workers];
        this.watermark = new long[workers];
        this.lastInFlight = new long[workers];
        this.lastSpan = new int[workers];
        java.util.Arrays.fill(lastSpan, -1);
        for (int w = 0; w < workers; w++) {
            ahead.add(new HashMap<>());
        }
    }

    /** True when worker {@code w}'s interval {@code seq} is new (not delivered before, and the worker not closed). */
    public boolean accepts(int w, int seq) {
        return !closed[w] && seq >= contiguous[w] && !ahead.get(w).containsKey(seq);
    }

    /**
     * Worker {@code w}'s interval {@code seq}, its snapshot in the coordinator's clock; returns the
     * spans that became final. An interval it {@linkplain #accepts does not accept} is dropped.
     */
    public List<Merged> add(int w, int seq, IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp,
            double cpuPercent) {
        if (!accepts(w, seq)) {
            return List.of();
        }
        long start = s.startMillis() - timeline.startEpochMillis();
        long end = s.endMillis() - timeline.startEpochMillis();
        int span = timeline.spanOf(start, end, warmUp);
        if (span < next) {
            // Its span went out already: only a worker whose warm-up ended later than the run's can
            // send one, and it goes in the first span still open (counted, never dropped).
            span = next;
            movedLater++;
        }
        pending.computeIfAbsent(span, k -> new ArrayList<>()).add(new Part(w, s, elapsedSeconds, inFlight, warmUp,
                cpuPercent));
        latestEndMillis = Math.max(latestEndMillis, s.endMillis());
        lastSpan[w] = Math.max(lastSpan[w], span);
        ahead.get(w).put(seq, end);
        Long reached;
        while ((reached = ahead.get(w).remove(contiguous[w])) != null) {
            watermark[w] = Math.max(watermark[w], reached);
            contiguous[w]++;
        }
        return drain(false);
    }

    /** Worker {@code w} will deliver nothing more (it finished, or it was lost). */
    public List<Merged> close(int w) {
        closed[w] = true;
        ahead.get(w).clear();
        return drain(false);
    }

    /** Everything still pending, merged as it is (the run ends). */
    public List<Merged> flush() {
        for (int w = 0; w < workers; w++) {
            closed[w] = true;
        }
        return drain(true);
    }

    /** Where worker {@code w}'s gapless intervals end, by the coordinator's wall clock (epoch ms). */
    public long deliveredUntilEpochMillis(int w) {
        return timeline.startEpochMillis() + watermark[w];
    }

    /** The latest end of any interval added, by the coordinator's wall clock (epoch ms), or the start. */
    public long latestEndEpochMillis() {
        return latestEndMillis == Long.MIN_VALUE ? timeline.startEpochMillis() : latestEndMillis;
    }

    /** Intervals added to a later span than their time says, because theirs had gone out. */
    public int movedLater() {
        return movedLater;
    }

    public RunTimeline timeline() {
        return timeline;
    }

    private boolean isFinal(int span) {
        long end = timeline.boundary(span + 1);
        for (int w = 0; w < workers; w++) {
            if (!closed[w] && watermark[w] < end) {
                return false;
            }
        }
        return true;
    }

    private List<Merged> drain(boolean all) {
        List<Merged> out = new ArrayList<>();
        while (!pending.isEmpty() && (all || isFinal(next))) {
            List<Part> parts = pending.remove(next);
            boolean last = all && pending.isEmpty();
            out.add(merge(next, parts == null ? List.of() : parts, last));
            next++;
        }
        return out;
    }

    private Merged merge(int span, List<Part> parts, boolean last) {
        long start = timeline.startEpochMillis() + timeline.boundary(span);
        long end = timeline.startEpochMillis() + timeline.boundary(span + 1);
        if (last) {
            // The run's last span ends where the last worker's last interval did.
            long latest = parts.stream().mapToLong(p -> p.snapshot().endMillis()).max().orElse(end);
            end = Math.max(start + 1, latest);
        }
        List<IntervalSnapshot> snapshots = new ArrayList<>();
        long[] inFlightAtEnd = lastInFlight.clone();
        for (Part p : parts) {
            snapshots.add(p.snapshot());
        }
        // Each worker's outstanding operations as of its latest part in the span (parts of one
        // worker come in time order within a span but may have been added out of order).
        Map<Integer, Part> latest = new HashMap<>();
        for (Part p : parts) {
            Part seen = latest.get(p.worker());
            if (seen == null || p.snapshot().endMillis() >= seen.snapshot().endMillis()) {
                latest.put(p.worker(), p);
            }
        }
        latest.forEach((w, p) -> inFlightAtEnd[w] = p.inFlight());
        long inFlight = 0;
        for (int w = 0; w < workers; w++) {
            if (closed[w] && span > lastSpan[w]) {
                inFlightAtEnd[w] = 0; // its part ended before this span: nothing of it is outstanding
            }
            lastInFlight[w] = inFlightAtEnd[w];
            inFlight += inFlightAtEnd[w];
        }
        return new Merged(span, IntervalSnapshot.merge(start, end, snapshots),
                (end - timeline.startEpochMillis()) / 1000.0, inFlight, span <= timeline.lastWarmUpSpan(),
                List.copyOf(parts));
    }
}
