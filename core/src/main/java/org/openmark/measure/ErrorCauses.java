package org.openmark.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.openmark.api.Secrets;
import org.openmark.api.Status;
import org.openmark.workload.ReportSection;

/**
 * Why the store failed: each failed operation's cause, as its session said it
 * ({@link org.openmark.api.Session#lastFailure}: the driver's message, a SQLState), counted per
 * operation, status and kind of cause, so that a report says why at least once per distinct cause
 * (a table that already holds the records: {@code duplicate key value violates unique constraint},
 * 1,000 times). Causes are told apart by their first line with the numbers taken out (a duplicate
 * key names its key; the cause is the same); the first message of each kind is kept whole, as its
 * example. Operations that end before {@link #countFrom} (the warm-up) are not counted, as their
 * statuses are not. Thread-safe; touched only when an operation fails.
 */
public final class ErrorCauses {
    /** The name of the report section, and its key under {@code sections} in result.json. */
    public static final String SECTION = "errorCauses";
    /** Distinct causes kept per operation and status; the rest are counted together. */
    static final int MAX_CAUSES = 20;
    /** What a cause's example is cut to. */
    static final int MAX_WHY_CHARS = 500;
    /** What a session that gave no reason is counted as. */
    static final String NO_REASON = "the store gave no reason";

    private static final Pattern NUMBERS = Pattern.compile("[0-9]+");

    /** One cause: {@code count} operations {@code op} ended {@code status} because {@code why}. */
    public record Cause(String op, Status status, String why, long count) {
    }

    private record Kind(String op, Status status, String kind) {
    }

    private static final class Tally {
        final String why;
        final LongAdder count = new LongAdder();

        Tally(String why) {
            this.why = why;
        }
    }

    private final Map<Kind, Tally> tallies = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> kindsPerOpStatus = new ConcurrentHashMap<>();
    private volatile long countFromNanos = Long.MIN_VALUE;

    /** Operations that end before {@code nanos} (the end of the warm-up) are not counted. */
    public void countFrom(long nanos) {
        countFromNanos = nanos;
    }

    /** True for a status that is a failure of the store (not OK, not an absent record). */
    public static boolean isFailure(Status status) {
        return status != Status.OK && status != Status.NOT_FOUND;
    }

    /**
     * Counts operation {@code op} that ended {@code status} at {@code completedNanos} because
     * {@code why} (null when the store gave no reason).
     */
    public void failed(String op, Status status, String why, long completedNanos) {
        if (completedNanos < countFromNanos) {
            return;
        }
        count(op, status, why, 1);
    }

    /**
     * The causes of several processes' operations (a cluster's workers) as one list: the same
     * cause, told apart as one process tells it apart, counted once with the counts added.
     */
    public static List<Cause> merge(List<List<Cause>> parts) {
        ErrorCauses all = new ErrorCauses();
        for (List<Cause> part : parts) {
            for (Cause c : part) {
                all.count(c.op(), c.status(), c.why().equals(NO_REASON) ? null : c.why(), c.count());
            }
        }
        return all.causes();
    }

    private void count(String op, Status status, String why, long n) {
        String said = why == null || why.isBlank() ? NO_REASON : oneLine(why);
        Kind kind = new Kind(op, status, why == null || why.isBlank() ? NO_REASON : kindOf(why));
        Tally t = tallies.get(kind);
        if (t == null) {
            String opStatus = op + " " + status;
            LongAdder kinds = kindsPerOpStatus.computeIfAbsent(opStatus, k -> new LongAdder());
            if (kinds.sum() >= MAX_CAUSES) {
                kind = new Kind(op, status, "");
                t = tallies.computeIfAbsent(kind, k -> new Tally("other causes (more than " + MAX_CAUSES
                        + " distinct ones)"));
            } else {
                t = tallies.computeIfAbsent(kind, k -> {
                    kinds.increment();
                    return new Tally(said);
                });
            }
        }
        t.count.add(n);
    }

    /** The causes counted, the most frequent first (then by operation, status and cause). */
    public List<Cause> causes() {
        List<Cause> out = new ArrayList<>();
        tallies.forEach((k, t) -> out.add(new Cause(k.op(), k.status(), t.why, t.count.sum())));
        out.sort(Comparator.comparingLong(Cause::count).reversed().thenComparing(Cause::op)
                .thenComparing(c -> c.status().name()).thenComparing(Cause::why));
        return out;
    }

    /** The report section of {@code causes}: a text line and a result.json entry for each; none when empty. */
    public static List<ReportSection> section(List<Cause> causes) {
        if (causes.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Cause c : causes) {
            lines.add(String.format(Locale.ROOT, "[ERROR-CAUSES], %s %s (%d), %s", c.op(), c.status(), c.count(),
                    c.why()));
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("op", c.op());
            e.put("status", c.status().name());
            e.put("count", c.count());
            e.put("why", c.why());
            entries.add(e);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("causes", entries);
        return List.of(new ReportSection(SECTION, lines, values));
    }

    /** The causes {@code sections} hold ({@link #section}); empty when none. */
    @SuppressWarnings("unchecked")
    public static List<Cause> in(List<ReportSection> sections) {
        for (ReportSection s : sections) {
            if (s.name().equals(SECTION)) {
                List<Cause> out = new ArrayList<>();
                for (Map<String, Object> e : (List<Map<String, Object>>) s.values().get("causes")) {
                    out.add(new Cause((String) e.get("op"), Status.valueOf((String) e.get("status")),
                            (String) e.get("why"), ((Number) e.get("count")).longValue()));
                }
                return out;
            }
        }
        return List.of();
    }

    /** The message on one line, any secret it carries masked, cut to {@link #MAX_WHY_CHARS}. */
    private static String oneLine(String why) {
        String s = Secrets.maskInside(why.strip().replaceAll("\\s*\\R\\s*", " "));
        return s.length() <= MAX_WHY_CHARS ? s : s.substring(0, MAX_WHY_CHARS) + "…";
    }

    /** What tells causes apart: the message's first line, numbers taken out. */
    private static String kindOf(String why) {
        String first = why.strip();
        int eol = first.indexOf('\n');
        if (eol > 0) {
            first = first.substring(0, eol);
        }
        return NUMBERS.matcher(first.strip()).replaceAll("#");
    }
}
