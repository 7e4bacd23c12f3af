package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A comparison as text for a terminal: one table per operation, the warnings, and a summary line. */
public final class CompareText {
    private CompareText() {
    }

    public static String render(List<Comparison> comparisons) {
        StringBuilder b = new StringBuilder();
        for (Comparison c : comparisons) {
            b.append(String.format(Locale.ROOT, "%s against the baseline %s%n", c.candidate().name(),
                    c.baseline().name()));
            b.append(String.format(Locale.ROOT, "  95%% confidence intervals; means and throughput: %s; percentiles:"
                    + " %s (%d resamples, seed %d); significance: Holm's correction over all figures (5%% chance of"
                    + " any false alarm)%n", Comparison.MEANS_METHOD, Comparison.PERCENTILE_METHOD, c.resamples(),
                    c.seed()));
            for (OperationComparison op : c.operations()) {
                b.append(op.operation()).append('\n');
                b.append(String.format(Locale.ROOT, "  %-22s %12s %12s %8s  %-19s  %s%n", "metric", "baseline",
                        "candidate", "change", "95% CI", "verdict"));
                for (MetricChange m : op.metrics()) {
                    b.append(String.format(Locale.ROOT, "  %-22s %12s %12s %7.1f%%  %+7.1f%% .. %+7.1f%%  %s%n",
                            m.metric(), number(m.baseline()), number(m.candidate()), 100 * m.relative(),
                            100 * m.ciLow(), 100 * m.ciHigh(), m.verdict()));
                }
            }
            for (String w : c.warnings()) {
                b.append("Warning: ").append(w).append('\n');
            }
            b.append(summary(c)).append('\n');
        }
        return b.toString();
    }

    /** One line: the significant changes, or "no significant difference". */
    static String summary(Comparison c) {
        List<String> worse = new ArrayList<>();
        List<String> better = new ArrayList<>();
        for (OperationComparison op : c.operations()) {
            for (MetricChange m : op.metrics()) {
                if (m.significant()) {
                    (m.worse() ? worse : better).add(String.format(Locale.ROOT, "%s %s %+.1f%%", op.operation(),
                            m.metric(), 100 * m.relative()));
                }
            }
        }
        if (worse.isEmpty() && better.isEmpty()) {
            return "Summary: no significant difference in any operation";
        }
        return "Summary: " + (worse.isEmpty() ? "" : "worse: " + String.join("; ", worse))
                + (worse.isEmpty() || better.isEmpty() ? "" : " | ")
                + (better.isEmpty() ? "" : "better: " + String.join("; ", better));
    }

    private static String number(double x) {
        return Math.abs(x) >= 100 ? String.format(Locale.ROOT, "%.0f", x) : String.format(Locale.ROOT, "%.2f", x);
    }
}
