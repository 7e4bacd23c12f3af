package org.openmark.run;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.IntervalSummary;

/**
 * The live progress line, in YCSB's format first, so scripts that parse YCSB's status lines
 * keep working: the wall-clock time ({@code yyyy-MM-dd HH:mm:ss:SSS}), whole seconds since the
 * phase began, operations so far, the interval's rate, YCSB's estimate of the time left, and per
 * operation the interval's {@code [OP: Count=, Max=, Min=, Avg=, 90=, 99=, 99.9=, 99.99=]}
 * (microseconds). The latency shown under an operation's name is the one the final report shows
 * under it ({@link Latency}). openmark's own figures follow on the same line: operations in
 * flight, the send lag (the open model's), the store's failures by status, the reads that found no record, and
 * whether the interval is the warm-up.
 */
public final class StatusLine {
    private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");

    /** Which latency the line shows per operation: the one the final report's {@code [OP]} block shows. */
    public enum Latency {
        /** The open model: response time from the intended start. */
        RESPONSE,
        /** The closed model: the latency from the actual start (YCSB's). */
        SERVICE,
        /** The closed model with a target: YCSB's latency, then YCSB's {@code [Intended-OP]} from the intended start. */
        SERVICE_AND_INTENDED;

        /** The latency the final report shows under an operation's name for a run of this kind. */
        public static Latency of(boolean openModel, boolean paced) {
            return openModel ? RESPONSE : paced ? SERVICE_AND_INTENDED : SERVICE;
        }
    }

    private final Latency latency;
    private final ZoneId zone;

    /**
     * @param zone the time zone of the wall-clock time (YCSB's is the JVM's default)
     */
    public StatusLine(Latency latency, ZoneId zone) {
        this.latency = latency;
        this.zone = zone;
    }

    /** A status line in the JVM's default time zone, as YCSB's. */
    public StatusLine(Latency latency) {
        this(latency, ZoneId.systemDefault());
    }

    /**
     * @param wallMillis the wall-clock time of the line (epoch milliseconds)
     * @param elapsedSeconds the time since the phase began
     * @param totalOps operations completed so far in the phase
     * @param s the interval(s) since the last line
     * @param remainingSeconds estimated time left, or negative when unknown
     */
    public String format(long wallMillis, double elapsedSeconds, long totalOps, IntervalSnapshot s, long inFlight,
            double remainingSeconds, boolean warmUp) {
        double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
        DecimalFormat d = twoDecimals();
        StringBuilder b = new StringBuilder();
        b.append(WALL_CLOCK.format(Instant.ofEpochMilli(wallMillis).atZone(zone))).append(' ')
                .append((long) Math.floor(elapsedSeconds + 1e-9)).append(" sec: ").append(totalOps).append(" operations; ");
        if (totalOps != 0) {
            b.append(d.format(s.completed() / seconds)).append(" current ops/sec; ");
        }
        if (remainingSeconds >= 0) {
            b.append("est completion in ").append(remaining((long) Math.ceil(remainingSeconds)));
        }
        Map<String, Histogram> byOp = latency == Latency.RESPONSE ? s.responseByOperation() : s.serviceByOperation();
        byOp.forEach((op, h) -> summary(b, op, h, d));
        if (latency == Latency.SERVICE_AND_INTENDED) {
            s.responseByOperation().forEach((op, h) -> summary(b, "Intended-" + op, h, d));
        }
        extras(b, s, inFlight, warmUp, latency == Latency.RESPONSE);
        return b.toString().stripTrailing();
    }

    /** YCSB's per-operation summary of one interval, followed by a space as in YCSB. */
    private static void summary(StringBuilder b, String op, Histogram h, DecimalFormat d) {
        b.append('[').append(op).append(": Count=").append(h.getTotalCount()).append(", Max=").append(h.getMaxValue())
                .append(", Min=").append(h.getTotalCount() == 0 ? 0 : h.getMinValue()).append(", Avg=")
                .append(d.format(h.getMean())).append(", 90=").append(d.format(h.getValueAtPercentile(90)))
                .append(", 99=").append(d.format(h.getValueAtPercentile(99))).append(", 99.9=")
                .append(d.format(h.getValueAtPercentile(99.9))).append(", 99.99=")
                .append(d.format(h.getValueAtPercentile(99.99))).append("] ");
    }

    /** openmark's figures, after YCSB's: plain text, no brackets, so a parser of YCSB's lines skips them. */
    private static void extras(StringBuilder b, IntervalSnapshot s, long inFlight, boolean warmUp, boolean sendLag) {
        StringBuilder more = new StringBuilder();
        if (inFlight > 0) {
            more.append("in-flight ").append(inFlight);
        }
        if (sendLag && s.sendLag().getTotalCount() > 0) {
            more.append(more.isEmpty() ? "" : "; ").append("send-lag p99 ").append(s.sendLag().getValueAtPercentile(99))
                    .append(" us");
        }
        IntervalSummary summary = IntervalSummary.of(s, 0, 0, inFlight, warmUp);
        long failed = summary.storeFailures();
        if (failed > 0) {
            more.append(more.isEmpty() ? "" : "; ").append("errors ").append(failed).append(" (");
            int opened = more.length();
            summary.failed().entrySet().stream().filter(e -> e.getKey() != Status.NOT_FOUND)
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> more.append(more.length() == opened ? "" : ", ").append(e.getKey().name()).append(' ')
                            .append(e.getValue()));
            more.append(')');
        }
        // A read of an absent key is an answer, not an error (as in the store's verdict).
        long notFound = summary.failed().getOrDefault(Status.NOT_FOUND, 0L);
        if (notFound > 0) {
            more.append(more.isEmpty() ? "" : "; ").append("not found ").append(notFound);
        }
        if (warmUp) {
            more.append(more.isEmpty() ? "" : "; ").append("warm-up");
        }
        b.append(more);
    }

    /** YCSB's {@code #.##} with a decimal point whatever the locale. */
    private static DecimalFormat twoDecimals() {
        return new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /**
     * YCSB's estimate of the time left: days, hours and minutes while there are any ({@code 1 hour 2
     * minutes }), seconds only below a minute ({@code 40 seconds }), always followed by a space.
     */
    static String remaining(long seconds) {
        StringBuilder time = new StringBuilder();
        long days = seconds / 86_400;
        if (days > 0) {
            time.append(days).append(days == 1 ? " day " : " days ");
            seconds -= days * 86_400;
        }
        long hours = seconds / 3600;
        if (hours > 0) {
            time.append(hours).append(hours == 1 ? " hour " : " hours ");
            seconds -= hours * 3600;
        }
        if (days < 1) {
            long minutes = seconds / 60;
            if (minutes > 0) {
                time.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
            }
        }
        if (time.isEmpty()) {
            time.append(seconds).append(" seconds ");
        }
        return time.toString();
    }
}
