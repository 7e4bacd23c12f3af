package org.openmark.run;

import java.util.Locale;
import java.util.Map;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.IntervalSummary;

/**
 * The live progress line: elapsed time, operations so far, the interval's rate, an estimate of
 * the time left, the store's failures by status and the reads that found no record (when there
 * are any), and per operation the interval's count, p50, p99 and max (microseconds).
 */
public final class StatusLine {
    private StatusLine() {
    }

    /** A tick's time, as YCSB prints it: whole seconds ({@code "     7"}); a tick between two, to a tenth. */
    public static String seconds(double elapsedSeconds) {
        return elapsedSeconds == Math.rint(elapsedSeconds) ? String.format(Locale.ROOT, "%6.0f", elapsedSeconds)
                : exactSeconds(elapsedSeconds);
    }

    /**
     * The time of the phase's last line, to a tenth ({@code "   5.0"}): what the phase lasted, where
     * the next whole second would say more, and the last tick's second would show twice.
     */
    public static String exactSeconds(double elapsedSeconds) {
        return String.format(Locale.ROOT, "%6.1f", elapsedSeconds);
    }

    /**
     * @param elapsed the time since the phase began, as {@link #seconds} or {@link #exactSeconds}
     *     writes it
     * @param totalOps operations completed so far in the phase
     * @param remainingSeconds estimated time left, or negative when unknown
     */
    public static String format(String elapsed, long totalOps, IntervalSnapshot s, long inFlight,
            double remainingSeconds, boolean warmUp) {
        double seconds = Math.max(1e-9, (s.endMillis() - s.startMillis()) / 1000.0);
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s sec: %d operations; %.1f current ops/sec", elapsed, totalOps,
                s.completed() / seconds));
        if (remainingSeconds >= 0) {
            b.append("; est completion in ").append(eta(remainingSeconds));
        }
        if (inFlight > 0) {
            b.append("; in-flight ").append(inFlight);
        }
        if (warmUp) {
            b.append(" (warm-up)");
        }
        IntervalSummary summary = IntervalSummary.of(s, 0, 0, inFlight, warmUp);
        long failed = summary.storeFailures();
        if (failed > 0) {
            b.append("; errors ").append(failed).append(" (");
            summary.failed().entrySet().stream().filter(e -> e.getKey() != Status.NOT_FOUND)
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> b.append(b.charAt(b.length() - 1) == '(' ? "" : ", ").append(e.getKey().name())
                            .append(' ').append(e.getValue()));
            b.append(')');
        }
        // A read of an absent key is an answer, not an error (as in the store's verdict).
        long notFound = summary.failed().getOrDefault(Status.NOT_FOUND, 0L);
        if (notFound > 0) {
            b.append("; not found ").append(notFound);
        }
        s.responseByOperation().forEach((op, h) -> b.append(String.format(Locale.ROOT, " [%s: Count=%d, p50=%d, p99=%d, Max=%d]", op,
                h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue())));
        return b.toString();
    }

    static String eta(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " sec";
        }
        if (s < 3600) {
            return (s / 60) + " min " + (s % 60) + " sec";
        }
        return (s / 3600) + " h " + ((s % 3600) / 60) + " min";
    }
}
