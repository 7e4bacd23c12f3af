package org.openmark.rating;

import java.util.Locale;

/** Renders a {@link RatingReport} as text for a terminal. */
public final class RatingReportText {
    /** What an invalid experiment's row means (the text and the HTML report say it). */
    public static final String INVALID_MEANS = "An invalid experiment (valid NO) is one whose run was not valid for"
            + " a reason that is not the store's, so its figures, shown as measured, say nothing about the store: it"
            + " counts as failing the SLA whatever its latency, and is never rated.";

    private RatingReportText() {
    }

    /** The report as lines of text, ending with a newline. */
    public static String render(RatingReport report) {
        StringBuilder out = new StringBuilder();
        SearchSettings s = report.settings();
        String unit = s.loadUnit().label();
        String stoppedAt = report.stop().map(st -> st.load() > 0 ? " at load " + st.load() + " " + unit : "").orElse("");
        report.rating().ifPresentOrElse(
                r -> out.append("Rating: ").append(report.stoppedEarly() ? ">= " : "")
                        .append(RatingFormat.opsPerSec(r.valueOpsPerSec())).append(" ops/s at load ")
                        .append(r.load()).append(' ').append(unit)
                        .append(r.confirmed() ? " (confirmed for " + RatingFormat.duration(report.sla().sustain()) + ")" : "")
                        .append(report.stoppedEarly() ? " (a lower bound: the search stopped" + stoppedAt + ")" : "")
                        .append('\n'),
                () -> out.append(report.stoppedEarly()
                        ? "Rating: none (the search stopped" + stoppedAt + " before any valid experiment met the SLA)\n"
                        : "Rating: none (no load met the SLA)\n"));
        report.stop().ifPresent(st -> out.append("Stopped: ").append(st.reason()).append('\n'));
        out.append("SLA: ").append(report.sla()).append('\n');
        out.append(String.format(Locale.ROOT, "Search: climb from load %d, x%s per step while throughput rose by > %s"
                + " (stopped: %s); %s%n", s.startLoad(), RatingFormat.trim(s.climbFactor()), RatingFormat.percent(s.epsilon()),
                report.climbOutcome() == Climb.Outcome.STOPPED ? "stopped early"
                        : report.climbOutcome().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                report.climbOutcome() == Climb.Outcome.BRACKETED ? "then " + s.strategy().label() + " search"
                        : "no local search"));
        out.append(String.format(Locale.ROOT, "Experiments: %d unique, %d requested (%d memo hits)%s%n",
                report.uniqueExperiments(), report.totalExperiments(), report.memoHits(),
                report.repeats() > 0 ? ", " + report.repeats() + " repeated because the first run was invalid" : ""));
        String latencyHeader = RatingFormat.percentile(report.sla().percentile()) + " latency";
        out.append(String.format(Locale.ROOT, "%5s  %-11s  %12s  %18s  %14s  %-4s  %-5s  %s%n",
                "#", "phase", "load " + unit, "throughput ops/s", latencyHeader, "SLA", "valid", "memo"));
        for (ExperimentRecord e : report.experiments()) {
            out.append(row(Integer.toString(e.sequence()), e.phase(), e.result(), e.memoHit() ? "hit"
                    : e.repeat() ? "repeat" : ""));
        }
        for (ExperimentResult c : report.confirmations()) {
            out.append(row("-", "confirm " + RatingFormat.duration(c.duration()), c, ""));
        }
        out.append(invalid(report));
        TimeBreakdown t = report.time();
        out.append("Time (").append(report.reload()).append(" reload): initial load ζ ").append(RatingFormat.duration(t.initialLoad()))
                .append(" + reloads ω·ν ").append(t.reloads()).append(" x ").append(RatingFormat.duration(t.reloadEach()))
                .append(" + experiments η·(warm-up + δ) ").append(t.experiments()).append(" x (")
                .append(RatingFormat.duration(t.warmup())).append(" + ").append(RatingFormat.duration(t.experimentLength()))
                .append(')');
        if (t.confirmations() == 0) {
            out.append(" + no confirmation");
        } else {
            out.append(" + confirmation ").append(t.confirmations()).append(" x (").append(RatingFormat.duration(t.warmup()))
                    .append(" + ").append(RatingFormat.duration(t.confirmationLength())).append(')');
        }
        out.append(" = ").append(RatingFormat.duration(t.total())).append('\n');
        for (String note : report.notes()) {
            out.append("Note: ").append(note).append('\n');
        }
        return out.toString();
    }

    private static String row(String sequence, String phase, ExperimentResult r, String memo) {
        return String.format(Locale.ROOT, "%5s  %-11s  %12d  %18s  %14s  %-4s  %-5s  %s", sequence, phase,
                r.loadLevel(), RatingFormat.opsPerSec(r.throughputOpsPerSec()),
                RatingFormat.experimentLatency(r.slaLatencyNanos()), r.slaMet() ? "pass" : "fail",
                r.valid() ? "yes" : "NO", memo).stripTrailing() + "\n";
    }

    /**
     * Below the table, when an experiment was invalid: why each one was, and why it fails the SLA
     * although its latency (shown as measured) may be within the bound. Empty when none was.
     */
    private static String invalid(RatingReport report) {
        StringBuilder lines = new StringBuilder();
        for (ExperimentRecord e : report.experiments()) {
            if (!e.result().valid() && !e.memoHit()) {
                lines.append("  #").append(e.sequence()).append(" at load ").append(e.result().loadLevel())
                        .append(": ").append(e.result().invalidReason()).append('\n');
            }
        }
        for (ExperimentResult c : report.confirmations()) {
            if (!c.valid()) {
                lines.append("  confirmation at load ").append(c.loadLevel()).append(": ").append(c.invalidReason())
                        .append('\n');
            }
        }
        return lines.isEmpty() ? "" : INVALID_MEANS + " Why:\n" + lines;
    }
}
