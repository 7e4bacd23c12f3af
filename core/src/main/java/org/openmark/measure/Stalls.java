package org.openmark.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The stalls of a phase, in time, from the operations' own start and end times: a stall is a
 * stretch in which the store answered nothing while operations waited in it, at least {@code
 * stallAfter} long. It begins at the later of the last answer and the start of the first operation
 * that waited, and ends at the next answer (or at the end of the phase, for a store still silent
 * then). Every completion is an answer except a TIMEOUT, which is the client giving up on a store
 * that said nothing. So a stall is the same length however the run is cut into intervals, and a
 * closed-model client blocked on a frozen store stalls as the open model's arrivals do.
 *
 * <p>Implementation notes. Only two kinds of evidence are needed, and both stay small. Answers
 * are kept as ranges whose answers are less than {@code stallAfter} apart (a stall can only lie
 * between two ranges): a run has at most one range per {@code stallAfter} of its length. Waits are
 * kept only for operations that took {@code stallAfter} or longer, or timed out: an operation
 * that waited in a stall of that length and was answered after it took at least as long as the
 * stall, so the shorter ones never decide where one begins. Waits that overlap are joined, and so
 * are waits less than {@code stallAfter} apart with no answer between them (a client's timeouts
 * one after another); a stall's start is the earliest start among the waits that overlap it, and
 * joining such waits does not change it. Waits that lie inside a range of answers can never
 * overlap a stall and are dropped. Evidence arrives interval by interval, each interval's answers
 * before its waits; the one approximation is an answer recorded intervals after waits around it
 * were joined (its thread held up between its answer and its record), which then does not split
 * them. Pure: the same evidence gives the same stalls. Not thread-safe (the collector's).
 */
public final class Stalls {
    /** The default of how long the store must answer nothing while operations wait for that to be a stall. */
    public static final Duration DEFAULT_AFTER = Duration.ofSeconds(1);

    private final long afterNanos;
    /** Ranges of answers by their first: {first, last}; any two are at least {@link #afterNanos} apart. */
    private final TreeMap<Long, long[]> answers = new TreeMap<>();
    /** Waits by their start: {from, to, operations}; disjoint. */
    private final TreeMap<Long, long[]> waits = new TreeMap<>();

    /** @param stallAfter how long the store must answer nothing while operations wait for that to be a stall */
    public Stalls(Duration stallAfter) {
        if (stallAfter.isNegative() || stallAfter.isZero()) {
            throw new IllegalArgumentException("stallAfter must be > 0: " + stallAfter);
        }
        this.afterNanos = stallAfter.toNanos();
    }

    /** How long the store must answer nothing while operations wait for that to be a stall, in nanoseconds. */
    public long afterNanos() {
        return afterNanos;
    }

    /**
     * The store answered at {@code firstNanos} and at {@code lastNanos}, and between them never
     * left {@code stallAfter} or more without an answer.
     */
    public void answered(long firstNanos, long lastNanos) {
        long first = Math.min(firstNanos, lastNanos);
        long last = Math.max(firstNanos, lastNanos);
        Map.Entry<Long, long[]> e = answers.floorEntry(last + afterNanos - 1);
        while (e != null && e.getValue()[1] > first - afterNanos) {
            first = Math.min(first, e.getValue()[0]);
            last = Math.max(last, e.getValue()[1]);
            answers.remove(e.getKey());
            e = answers.floorEntry(last + afterNanos - 1);
        }
        answers.put(first, new long[] {first, last});
        // Waits inside the range now overlap no stall, whatever is recorded later.
        Iterator<long[]> inside = waits.subMap(first, true, last, true).values().iterator();
        while (inside.hasNext()) {
            if (inside.next()[1] <= last) {
                inside.remove();
            }
        }
    }

    /** {@code operations} operations were in the store from {@code fromNanos} to {@code toNanos} without a break. */
    public void waited(long fromNanos, long toNanos, long operations) {
        if (toNanos <= fromNanos) {
            return;
        }
        Map.Entry<Long, long[]> range = answers.floorEntry(fromNanos);
        if (range != null && toNanos <= range.getValue()[1]) {
            return;
        }
        long from = fromNanos;
        long to = toNanos;
        long ops = operations;
        boolean joined = true;
        while (joined) {
            joined = false;
            Map.Entry<Long, long[]> w = waits.floorEntry(to + afterNanos - 1);
            while (w != null && w.getValue()[1] > from - afterNanos) {
                long[] v = w.getValue();
                if (joinable(v[0], v[1], from, to)) {
                    from = Math.min(from, v[0]);
                    to = Math.max(to, v[1]);
                    ops += v[2];
                    waits.remove(w.getKey());
                    joined = true;
                    break;
                }
                w = waits.lowerEntry(w.getKey());
            }
        }
        waits.put(from, new long[] {from, to, ops});
    }

    /** Whether two waits are one for every stall: they overlap, or less than stallAfter lies between them without an answer. */
    private boolean joinable(long fromA, long toA, long fromB, long toB) {
        long holeFrom = Math.min(toA, toB);
        long holeTo = Math.max(fromA, fromB);
        if (holeTo <= holeFrom) {
            return true;
        }
        if (holeTo - holeFrom >= afterNanos) {
            return false;
        }
        Map.Entry<Long, long[]> r = answers.floorEntry(holeTo);
        return r == null || r.getValue()[1] < holeFrom;
    }

    /** A stall: from when to when (clock nanos), and how many operations waited in it {@code stallAfter} or longer (or timed out). */
    public record Stall(long fromNanos, long toNanos, long operations) {
    }

    /**
     * The stalls of a phase that started at {@code startNanos} (as good as an answer: nothing
     * stalls before it) and ended at {@code endNanos}, in time order. Operations still outstanding
     * at the end are waits up to it ({@link #waited}).
     */
    public List<Stall> stalls(long startNanos, long endNanos) {
        answered(startNanos, startNanos);
        List<Stall> out = new ArrayList<>();
        long[] previous = null;
        for (long[] r : answers.values()) {
            if (previous != null) {
                gap(previous[1], r[0], out);
            }
            previous = r;
        }
        if (previous != null && endNanos > previous[1]) {
            gap(previous[1], endNanos, out);
        }
        return out;
    }

    /** The stalls as outages, seconds since {@code startNanos}. */
    public List<Outage> outages(long startNanos, long endNanos) {
        List<Outage> out = new ArrayList<>();
        for (Stall s : stalls(startNanos, endNanos)) {
            out.add(new Outage(Outage.Kind.STALL, (s.fromNanos() - startNanos) / 1e9, (s.toNanos() - startNanos) / 1e9,
                    Map.of(), s.operations()));
        }
        return out;
    }

    /** The stall between the answers at {@code a} and {@code b}, if operations waited there long enough. */
    private void gap(long a, long b, List<Stall> out) {
        if (b - a < afterNanos) {
            return;
        }
        long begin = Long.MAX_VALUE;
        long ops = 0;
        Map.Entry<Long, long[]> w = waits.floorEntry(a);
        if (w == null || w.getValue()[1] <= a) {
            w = waits.higherEntry(a);
        }
        while (w != null && w.getKey() < b) {
            long[] v = w.getValue();
            if (v[1] > a) {
                begin = Math.min(begin, Math.max(a, v[0]));
                ops += v[2];
            }
            w = waits.higherEntry(w.getKey());
        }
        if (begin != Long.MAX_VALUE && b - begin >= afterNanos) {
            out.add(new Stall(begin, b, ops));
        }
    }
}
