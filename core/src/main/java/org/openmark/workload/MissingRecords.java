package org.openmark.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.openmark.api.Clock;
import org.openmark.api.Status;

/**
 * Reads that found nothing where the workload's records must be: a read (or the read of a
 * read-modify-write) of a record the load wrote — record number below {@code recordcount} — that
 * the store answered NOT_FOUND. For an ordinary read NOT_FOUND is an answer; for one of these it
 * is the store failing to give back what it acknowledged before the run (a node that joined
 * without its data, a lost write), so the run judges them against the store's error budget
 * (see {@link #judge}). Workloads that delete records are not checked: a loaded record may be gone
 * by design. Counted from the measured start (the end of the warm-up), as the other figures;
 * thread safe.
 */
public final class MissingRecords {
    /** How many of the keys found missing are kept, to name them. */
    public static final int KEYS_KEPT = 10;

    private final Clock clock;
    private final LongAdder checked = new LongAdder();
    private final LongAdder missing = new LongAdder();
    private final AtomicLong firstNanos = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastNanos = new AtomicLong(Long.MIN_VALUE);
    private final List<String> keys = new ArrayList<>();
    private volatile long measuredFromNanos;
    /** Where reported times count from: the phase's start, as the outages and timeseries.csv. */
    private volatile long runStartNanos;

    public MissingRecords(Clock clock) {
        this.clock = clock;
        this.measuredFromNanos = clock.nanoTime();
        this.runStartNanos = measuredFromNanos;
    }

    /**
     * Counts from {@code measuredStartNanos} on (answers before it are the warm-up's) and reports
     * times from {@code runStartNanos}, the phase's start.
     */
    public void measureFrom(long runStartNanos, long measuredStartNanos) {
        this.runStartNanos = runStartNanos;
        this.measuredFromNanos = measuredStartNanos;
    }

    /** Tells what the store answered to a read of a loaded record. */
    void answered(String key, Status status) {
        long now = clock.nanoTime();
        if (now < measuredFromNanos || !(status.isOk() || status == Status.NOT_FOUND
                || status == Status.UNEXPECTED_STATE)) {
            return; // a failed read says nothing of whether the record is there
        }
        checked.increment();
        if (status != Status.NOT_FOUND) {
            return;
        }
        missing.increment();
        firstNanos.accumulateAndGet(now, Math::min);
        lastNanos.accumulateAndGet(now, Math::max);
        synchronized (keys) {
            if (keys.size() < KEYS_KEPT && !keys.contains(key)) {
                keys.add(key);
            }
        }
    }

    /** What was found, for the verdict and the reports. */
    public Found found() {
        long n = missing.sum();
        List<String> named;
        synchronized (keys) {
            named = List.copyOf(keys);
        }
        long from = runStartNanos;
        return new Found(checked.sum(), n, n == 0 ? Double.NaN : (firstNanos.get() - from) / 1e9,
                n == 0 ? Double.NaN : (lastNanos.get() - from) / 1e9, named);
    }

    /**
     * What the reads of loaded records found.
     *
     * @param checked reads of loaded records the store answered (found or not)
     * @param missing those that found nothing
     * @param firstAtSeconds when the first of them ended, seconds from the phase's start (warm-up
     *     included, as the outages and timeseries.csv); NaN when none
     * @param lastAtSeconds when the last ended; NaN when none
     * @param keys up to {@value #KEYS_KEPT} of their keys, in the order they were found missing
     */
    public record Found(long checked, long missing, double firstAtSeconds, double lastAtSeconds, List<String> keys) {
        /** "412 of 2,561 reads of loaded records (16.1%) found nothing, from 12.3 s to 88.0 s (user7, …)". */
        public String describe() {
            return String.format(Locale.ROOT, "%,d of %,d reads of loaded records (%.1f%%) found nothing (NOT_FOUND),"
                    + " from %.1f s to %.1f s after the run's start (%s%s)", missing, checked,
                    100.0 * missing / Math.max(1, checked), firstAtSeconds, lastAtSeconds, String.join(", ", keys),
                    missing > keys.size() ? ", …" : "");
        }
    }

    /**
     * The store's verdict on them: the reads that found nothing count as failures, with the
     * store's other failures ({@code failed} of the {@code given} operations), against the error
     * budget {@code maxErrorRate}. A run whose store held none of the workload's records when it
     * began ({@code loaded} false: nothing was loaded) is not judged — its reads are answers about
     * an empty store, which the run's note already questions.
     *
     * @param warnings gets the reason when the budget is exceeded and the other failures alone were within it
     * @param notes gets the figure when some were found but within the budget
     * @return false when the run is not valid for them
     */
    public static boolean judge(Found found, boolean loaded, long failed, long given, double maxErrorRate,
            List<String> warnings, List<String> notes) {
        if (!loaded || found.missing() == 0 || given == 0) {
            return true;
        }
        boolean othersWithin = failed <= maxErrorRate * given;
        if (failed + found.missing() > maxErrorRate * given) {
            if (othersWithin) {
                warnings.add(String.format(Locale.ROOT, "%s: the store lost or did not serve records it held when"
                        + " the run began; with its other failures %.1f%% of operations failed, more than the error"
                        + " budget of %s (--max-error-rate): the run is not valid", found.describe(),
                        100.0 * (failed + found.missing()) / given, percent(maxErrorRate)));
            } else {
                warnings.add(found.describe() + ": the store lost or did not serve records it held when the run began");
            }
            return false;
        }
        notes.add(found.describe() + ", within the error budget of " + percent(maxErrorRate));
        return true;
    }

    /** The section's name in result.json's {@code sections}. */
    public static final String SECTION = "missingRecords";

    /** The section {@link #section} made, among a result's {@code sections}; null when there is none. */
    public static ReportSection sectionIn(List<ReportSection> sections) {
        for (ReportSection s : sections) {
            if (s.name().equals(SECTION)) {
                return s;
            }
        }
        return null;
    }

    /** Whether {@code section} (one {@link #section} made) was judged: the store held records when the run began. */
    public static boolean judged(ReportSection section) {
        return Boolean.TRUE.equals(section.values().get("judged"));
    }

    /** What {@code section} (one {@link #section} made) holds. */
    public static Found found(ReportSection section) {
        Map<String, Object> v = section.values();
        @SuppressWarnings("unchecked")
        List<String> keys = (List<String>) v.getOrDefault("keys", List.of());
        return new Found(((Number) v.get("readsOfLoadedRecords")).longValue(),
                ((Number) v.get("foundNothing")).longValue(), seconds(v.get("firstAtSeconds")),
                seconds(v.get("lastAtSeconds")), List.copyOf(keys));
    }

    private static double seconds(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /**
     * Several processes' findings as one (a cluster's workers): the reads and the records found
     * missing added up, the first and last times the earliest and latest once each part's are
     * moved by its {@code offsetsSeconds} onto the one time axis, the first keys of each in turn.
     */
    public static Found merge(List<Found> parts, List<Double> offsetsSeconds) {
        long checked = 0;
        long missing = 0;
        double first = Double.NaN;
        double last = Double.NaN;
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Found f = parts.get(i);
            double offset = offsetsSeconds.get(i);
            checked += f.checked();
            missing += f.missing();
            if (f.missing() > 0) {
                first = Double.isNaN(first) ? f.firstAtSeconds() + offset : Math.min(first, f.firstAtSeconds() + offset);
                last = Double.isNaN(last) ? f.lastAtSeconds() + offset : Math.max(last, f.lastAtSeconds() + offset);
            }
            for (String k : f.keys()) {
                if (keys.size() < KEYS_KEPT && !keys.contains(k)) {
                    keys.add(k);
                }
            }
        }
        return new Found(checked, missing, first, last, keys);
    }

    /** The report section ({@code missingRecords} in result.json, {@code [MISSING-RECORDS]} lines). */
    public static ReportSection section(Found found, boolean loaded) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("judged", loaded);
        values.put("readsOfLoadedRecords", found.checked());
        values.put("foundNothing", found.missing());
        values.put("firstAtSeconds", Double.isNaN(found.firstAtSeconds()) ? null : found.firstAtSeconds());
        values.put("lastAtSeconds", Double.isNaN(found.lastAtSeconds()) ? null : found.lastAtSeconds());
        values.put("keys", found.keys());
        List<String> lines = new ArrayList<>();
        lines.add("[MISSING-RECORDS], ReadsOfLoadedRecords, " + found.checked());
        lines.add("[MISSING-RECORDS], FoundNothing, " + found.missing());
        if (found.missing() > 0) {
            lines.add(String.format(Locale.ROOT, "[MISSING-RECORDS], From(s), %.3f", found.firstAtSeconds()));
            lines.add(String.format(Locale.ROOT, "[MISSING-RECORDS], To(s), %.3f", found.lastAtSeconds()));
            lines.add("[MISSING-RECORDS], Keys, " + String.join(" ", found.keys()));
        }
        if (!loaded) {
            lines.add("[MISSING-RECORDS], Judged, false (the store held no record of the table when the run began)");
        }
        return new ReportSection(SECTION, lines, values);
    }

    private static String percent(double share) {
        double p = share * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
