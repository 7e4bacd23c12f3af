package org.openmark.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openmark.compare.Comparability;
import org.openmark.compare.CompareText;
import org.openmark.compare.Comparison;
import org.openmark.compare.Gate;
import org.openmark.compare.MetricChange;
import org.openmark.compare.OperationComparison;

/**
 * The top of {@code compare.html}, the answer first: per candidate the summary line, the gate's
 * verdict when one was asked for, what could not be judged and why, the other warnings, and a
 * forest plot of every latency figure's change with its interval around 0.
 */
final class CompareAnswer {
    private CompareAnswer() {
    }

    static void render(StringBuilder b, List<Comparison> comparisons, Gate.Verdict verdict) {
        if (verdict != null) {
            String cls = switch (verdict.outcome()) {
                case PASSED -> "valid";
                case SLOWER, CANNOT_JUDGE -> "invalid";
            };
            String word = switch (verdict.outcome()) {
                case PASSED -> "GATE PASSED";
                case SLOWER -> "GATE FAILED";
                case CANNOT_JUDGE -> "GATE CANNOT JUDGE";
            };
            b.append("<div class=\"verdict ").append(cls).append("\" id=\"gate\"><strong>").append(word)
                    .append("</strong>").append(Html.escape(verdict.line())).append("</div>\n");
        }
        for (Comparison c : comparisons) {
            b.append("<section class=\"answer\">\n<h2>").append(Html.escape(c.candidate().name() + " against "
                    + c.baseline().name())).append("</h2>\n");
            String summary = CompareText.summary(c);
            String cls = summary.contains("worse:") ? "worse" : summary.contains("better:") ? "better" : "same";
            b.append("<p class=\"summary ").append(cls).append("\">").append(Html.escape(summary)).append("</p>\n");
            List<String> notJudged = new ArrayList<>();
            List<String> others = new ArrayList<>();
            for (Comparability.Warning w : c.warnings()) {
                (w.kind() == Comparability.Kind.UNTESTED ? notJudged : others).add(w.text());
            }
            if (!notJudged.isEmpty()) {
                b.append("<div class=\"notes\"><strong>Not judged</strong> (shown, not tested):<ul>\n");
                notJudged.forEach(t -> b.append("<li>").append(Html.escape(t)).append("</li>\n"));
                b.append("</ul></div>\n");
            }
            if (!others.isEmpty()) {
                b.append("<div class=\"warnings\"><strong>Warnings</strong><ul>\n");
                others.forEach(t -> b.append("<li>").append(Html.escape(t)).append("</li>\n"));
                b.append("</ul></div>\n");
            }
            b.append("<p class=\"lead\">Each latency figure's change with its 95 % interval; red: significantly"
                    + " slower, green: faster, grey: no significant difference (after Holm's correction), a ring: not"
                    + " enough data to judge.</p>\n<div class=\"plot\">\n")
                    .append(ForestPlot.render("Forest plot of " + c.candidate().name() + " against "
                            + c.baseline().name(), rows(c), verdict == null ? Double.NaN : verdict.threshold()))
                    .append("</div>\n</section>\n");
        }
    }

    /** A row per latency figure that was judged or lacked data (not the maxima, nor service = response). */
    static List<ForestPlot.Row> rows(Comparison c) {
        List<ForestPlot.Row> rows = new ArrayList<>();
        for (OperationComparison op : c.operations()) {
            for (MetricChange m : op.metrics()) {
                boolean lacking = MetricChange.NOT_ENOUGH_DATA.equals(m.untested());
                if (!m.higherIsWorse() || !(m.isTested() || lacking)) {
                    continue;
                }
                String label = op.operation() + " " + m.metric().replace(" (us)", "");
                ForestPlot.Verdict v = lacking ? ForestPlot.Verdict.NOT_JUDGED
                        : !m.significant() ? ForestPlot.Verdict.NO_DIFFERENCE
                        : m.worse() ? ForestPlot.Verdict.WORSE : ForestPlot.Verdict.BETTER;
                String tip = String.format(Locale.ROOT, "%s: %+.1f%%%s, %s", label, 100 * m.relative(), m.isTested()
                        ? String.format(Locale.ROOT, " (95%% CI %+.1f%% .. %+.1f%%)", 100 * m.ciLow(), 100 * m.ciHigh())
                        : "", m.verdict());
                rows.add(new ForestPlot.Row(label, m.relative(), m.ciLow(), m.ciHigh(), v, tip));
            }
        }
        return rows;
    }
}
