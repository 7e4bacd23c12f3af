package org.openmark.consistency;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Percentiles;

/**
 * What a staleness measurement found.
 *
 * @param writes acknowledged writes that were probed
 * @param reads probe reads issued
 * @param staleReads probe reads that returned an older version
 * @param consistentAt per probe offset (ms): reads at that offset that saw the write (or newer)
 * @param probedAt per probe offset (ms): reads at that offset
 * @param tVisibilityUs time from acknowledgement to the first probe that saw the write (µs), at
 *     the schedule's resolution
 * @param neverSeen writes no probe saw within the horizon
 * @param kStaleness for stale reads: how many versions behind (k → count)
 * @param failures per status: the writes not acknowledged (any status but OK) and the probe reads
 *     that failed (any status but OK and NOT_FOUND)
 * @param probeLateUs how late each probe read started after its nominal offset (µs): a busy
 *     prober reads later than the offset it is counted at, which biases P(consistent) upward
 *     at the offsets its lateness is not small against; zero in virtual time
 * @param linearizable the store promised linearizable reads ({@code Store.readsLinearizable}), so its
 *     reads were checked for violations
 * @param violations for a store that promised linearizable reads: the reads that saw an older version
 *     than one acknowledged before they began. Counted here only, never as stale reads nor in
 *     P(consistent): a broken promise is not staleness, and it makes the measurement not valid
 */
public record StalenessResult(long writes, long reads, long staleReads, Map<Double, Long> consistentAt,
        Map<Double, Long> probedAt, Histogram tVisibilityUs, long neverSeen, Map<Long, Long> kStaleness,
        FailedRequests failures, Histogram probeLateUs, boolean linearizable, long violations) {

    /** A result of a store that promised no linearizable reads (none checked). */
    public StalenessResult(long writes, long reads, long staleReads, Map<Double, Long> consistentAt,
            Map<Double, Long> probedAt, Histogram tVisibilityUs, long neverSeen, Map<Long, Long> kStaleness,
            FailedRequests failures, Histogram probeLateUs) {
        this(writes, reads, staleReads, consistentAt, probedAt, tVisibilityUs, neverSeen, kStaleness, failures,
                probeLateUs, false, 0);
    }

    /**
     * The warning a result deserves when its probes were late, or null: their p99 lateness above
     * {@code maxLateUs}. The offsets that lateness is not small against (under ten times it) are named.
     */
    public String lateProbeWarning(long maxLateUs) {
        if (probeLateUs.getTotalCount() == 0) {
            return null;
        }
        long p99 = probeLateUs.getValueAtPercentile(99);
        if (p99 <= maxLateUs) {
            return null;
        }
        List<String> biased = new java.util.ArrayList<>();
        for (double t : probedAt.keySet()) {
            if (t * 1000 < 10.0 * p99) {
                biased.add(key(t) + " ms");
            }
        }
        return String.format(Locale.ROOT, "the probes read late (p99 %.2f ms, max %.2f ms after their offset, more than"
                + " %.2f ms): the prober's machine was busy, and P(consistent) at %s reads later than its offset and"
                + " is biased upward", p99 / 1000.0, probeLateUs.getMaxValue() / 1000.0, maxLateUs / 1000.0,
                biased.isEmpty() ? "no offset" : String.join(", ", biased));
    }

    /**
     * The measurements of several processes as one: counts added, t-visibility histograms added
     * (no averaging anywhere), so the merged P(consistent) at t is the share of all reads at t
     * that saw their write.
     */
    public static StalenessResult merge(List<StalenessResult> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        long writes = 0;
        long reads = 0;
        long stale = 0;
        long never = 0;
        long violations = 0;
        boolean linearizable = false;
        List<FailedRequests> failures = new java.util.ArrayList<>();
        Map<Double, Long> consistent = new TreeMap<>();
        Map<Double, Long> probed = new TreeMap<>();
        Map<Long, Long> k = new TreeMap<>();
        Histogram tv = new Histogram(3);
        tv.setAutoResize(true);
        Histogram late = new Histogram(3);
        late.setAutoResize(true);
        for (StalenessResult r : parts) {
            writes += r.writes;
            reads += r.reads;
            stale += r.staleReads;
            never += r.neverSeen;
            violations += r.violations;
            linearizable |= r.linearizable;
            failures.add(r.failures);
            r.consistentAt.forEach((t, n) -> consistent.merge(t, n, Long::sum));
            r.probedAt.forEach((t, n) -> probed.merge(t, n, Long::sum));
            r.kStaleness.forEach((kk, n) -> k.merge(kk, n, Long::sum));
            tv.add(r.tVisibilityUs);
            late.add(r.probeLateUs);
        }
        return new StalenessResult(writes, reads, stale, consistent, probed, tv, never, k,
                FailedRequests.merge(failures), late, linearizable, violations);
    }

    /**
     * P(consistent read) at each probe offset: the share of the successful reads at that offset
     * that saw their write; null at an offset where no read succeeded (nothing was measured there,
     * which is not a probability of 1).
     */
    public Map<Double, Double> pConsistentAt() {
        Map<Double, Double> m = new TreeMap<>();
        probedAt.forEach((t, n) -> m.put(t, n == 0 ? null : consistentAt.getOrDefault(t, 0L) / (double) n));
        return m;
    }

    /** Writes and reads that failed. */
    public long errors() {
        return failures.total();
    }

    /** Writes attempted: acknowledged or failed. */
    public long writesAttempted() {
        return writes + failures.writeCount();
    }

    /** Requests sent to the store: every write attempted and every probe read. */
    public long requests() {
        return writesAttempted() + reads;
    }

    /**
     * Why the measurement is not evidence, or nothing when it is: no write was acknowledged, an
     * offset had no successful read, no read saw any write (nothing was measured but that the
     * store gave nothing back), or more requests failed than {@code maxErrorRate} allows.
     */
    public List<String> invalidReasons(double maxErrorRate) {
        List<String> reasons = new java.util.ArrayList<>();
        if (violations > 0) {
            reasons.add(String.format(Locale.ROOT, "%d of %d reads of a store that promises linearizable reads saw an"
                    + " older version than one acknowledged before they began: violations of linearizability, not"
                    + " staleness", violations, reads));
        }
        String failed = failures.describe(writesAttempted(), reads);
        if (writes == 0) {
            reasons.add("no write was acknowledged" + (failed.isEmpty() ? "" : " (" + failed + ")"));
        }
        List<String> unmeasured = new java.util.ArrayList<>();
        probedAt.forEach((t, n) -> {
            if (n == 0) {
                unmeasured.add(key(t) + " ms");
            }
        });
        if (writes > 0 && !unmeasured.isEmpty()) {
            reasons.add("no read succeeded at " + String.join(", ", unmeasured) + ": P(consistent) there is unknown");
        }
        long answered = probedAt.values().stream().mapToLong(Long::longValue).sum();
        long sawTheirWrite = consistentAt.values().stream().mapToLong(Long::longValue).sum();
        if (writes > 0 && answered > 0 && sawTheirWrite == 0) {
            reasons.add(String.format(Locale.ROOT, "none of the %d acknowledged writes was seen by any of the %d reads"
                    + " answered, up to %s ms after the acknowledgement: the store does not give back what it is written"
                    + " (it keeps nothing, as noop does), or its replicas lag more than that (--probes can reach further)",
                    writes, answered, key(java.util.Collections.max(probedAt.keySet()))));
        }
        long requests = requests();
        long errors = errors();
        if (requests > 0 && errors > maxErrorRate * requests) {
            double p = maxErrorRate * 100;
            reasons.add(String.format(Locale.ROOT, "%d of %d requests failed (%.1f%%: %s), more than the error budget of"
                    + " %s%% (--max-error-rate)", errors, requests, 100.0 * errors / requests, failed,
                    p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)));
        }
        return reasons;
    }

    /** The text report. */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append("[STALENESS], Writes, ").append(writes).append('\n');
        b.append("[STALENESS], Reads, ").append(reads).append('\n');
        b.append("[STALENESS], StaleReads, ").append(staleReads).append('\n');
        if (linearizable) {
            b.append("[STALENESS], Violations, ").append(violations).append('\n');
        }
        b.append("[STALENESS], NeverSeenWithinHorizon, ").append(neverSeen).append('\n');
        b.append("[STALENESS], Errors, ").append(errors()).append('\n');
        failures.writes().forEach((st, n) -> b.append("[STALENESS], WriteErrors(").append(st).append("), ").append(n)
                .append('\n'));
        failures.reads().forEach((st, n) -> b.append("[STALENESS], ReadErrors(").append(st).append("), ").append(n)
                .append('\n'));
        pConsistentAt().forEach((t, p) -> b.append(p == null
                ? String.format(Locale.ROOT, "[STALENESS], PConsistentAt(%sms), n/a%n", key(t))
                : String.format(Locale.ROOT, "[STALENESS], PConsistentAt(%sms), %.5f%n", key(t), p)));
        tVisibilityMs().forEach((k, v) -> b.append("[STALENESS], TVisibility").append(k).append("(ms), ")
                .append(v == null ? "n/a" : v).append('\n'));
        kStaleness.forEach((k, n) -> b.append("[STALENESS], KStaleness(").append(k).append("), ").append(n)
                .append('\n'));
        probeLateMs().forEach((k, v) -> b.append("[STALENESS], ProbeLate").append(k).append("(ms), ")
                .append(v == null ? "n/a" : v).append('\n'));
        return b.toString();
    }

    /** t-visibility percentiles in ms; null when no read saw a write (unknown, not 0 ms). */
    public Map<String, Double> tVisibilityMs() {
        return percentilesMs(tVisibilityUs, 50, 90, 99, 99.9);
    }

    /** How late the probes read after their offsets, percentiles in ms; null when no probe read. */
    public Map<String, Double> probeLateMs() {
        return percentilesMs(probeLateUs, 50, 99);
    }

    /** The percentiles and the maximum of a histogram of µs, in ms; null each when it holds nothing. */
    private static Map<String, Double> percentilesMs(Histogram us, double... percentiles) {
        Map<String, Double> m = new LinkedHashMap<>();
        boolean empty = us.getTotalCount() == 0;
        for (double p : percentiles) {
            m.put(Percentiles.jsonKey(p), empty ? null : us.getValueAtPercentile(p) / 1000.0);
        }
        m.put("max", empty ? null : us.getMaxValue() / 1000.0);
        return m;
    }

    /** The {@code staleness{…}} section of result.json. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Double> p = new LinkedHashMap<>();
        pConsistentAt().forEach((t, v) -> p.put(key(t), v));
        m.put("pConsistentAt", p);
        m.put("tVisibilityMs", tVisibilityMs());
        Map<String, Long> k = new LinkedHashMap<>();
        kStaleness.forEach((kk, n) -> k.put(String.valueOf(kk), n));
        m.put("kStaleness", k);
        m.put("staleReads", staleReads);
        if (linearizable) {
            m.put("violations", violations);
        }
        m.put("reads", reads);
        m.put("writes", writes);
        m.put("neverSeen", neverSeen);
        m.put("errors", errors());
        m.put("writeErrors", failures.writes());
        m.put("readErrors", failures.reads());
        m.put("lastFailure", failures.lastFailure());
        m.put("probeLateMs", probeLateMs());
        return m;
    }

    static String key(double t) {
        return t == Math.rint(t) ? String.valueOf((long) t) : String.valueOf(t);
    }

    /** Probe offsets of the result, ascending. */
    public List<Double> offsets() {
        return List.copyOf(probedAt.keySet());
    }
}
