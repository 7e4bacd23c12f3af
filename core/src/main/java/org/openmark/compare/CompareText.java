package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as text for a terminal. Two runs: per operation a table of the figures with both
 * values, the change, its interval and the verdict. More runs: per operation one table with a
 * column per run (the baseline's value; each candidate's value, change, interval and verdict).
 * Then each candidate's warnings and a summary line.
 */
public final class CompareText {
    private CompareText() {
    }

    public static String render(List<Comparison> comparisons) {
        StringBuilder b = new StringBuilder();
        if (comparisons.size() == 1) {
            Comparison c = comparisons.get(0);
            b.append(String.format(Locale.ROOT, "%s against the baseline %s%n", c.candidate().name(),
                    c.baseline().name()));
            method(b, c);
            for (OperationComparison op : c.operations()) {
                b.append(op.operation()).append('\n');
                b.append(String.format(Locale.ROOT, "  %-22s %12s %12s %8s  %-19s  %s%n", "metric", "baseline",
                        "candidate", "change", "95% CI", "verdict"));
                for (MetricChange m : op.metrics()) {
                    b.append(String.format(Locale.ROOT, "  %-22s %12s %12s %7.1f%%  %-19s  %s%n", m.metric(),
                            number(m.baseline()), number(m.candidate()), 100 * m.relative(), interval(m),
                            m.verdict()));
                }
            }
        } else {
            table(b, comparisons);
        }
        for (Comparison c : comparisons) {
            if (comparisons.size() > 1) {
                b.append(c.candidate().name()).append(" against the baseline ").append(c.baseline().name())
                        .append(":\n");
            }
            for (Comparability.Warning w : c.warnings()) {
                b.append("Warning: ").append(w.text()).append('\n');
            }
            b.append(summary(c)).append('\n');
            List<String> notJudged = notJudged(c);
            if (!notJudged.isEmpty()) {
                b.append("Not judged (not enough data, see the warnings): ").append(String.join(", ", notJudged))
                        .append('\n');
            }
        }
        return b.toString();
    }

    private static void method(StringBuilder b, Comparison c) {
        b.append(String.format(Locale.ROOT, "  95%% confidence intervals of the ratio, on the log (never below"
                + " -100%%): %s.%n", methods(c)));
        if (!c.baseline().several() || !c.candidate().several()) {
            b.append("  ").append(Character.toUpperCase(Comparison.TAIL_RULE.charAt(0)))
                    .append(Comparison.TAIL_RULE.substring(1)).append(".\n");
        }
        b.append("  Significance: Holm's correction over all tested figures (5% chance of any false alarm). Shown, not"
                + " tested: the maximum, and the open model's throughput (its schedule sets it).\n");
        for (Side s : List.of(c.baseline(), c.candidate())) {
            if (s.several()) {
                b.append(String.format(Locale.ROOT, "  %s: %d runs (%s)%n", s.name(), s.runs().size(),
                        String.join(", ", s.runs().stream().map(RunData::name).toList())));
            }
        }
    }

    /** Several candidates: one table per operation, a column per run. */
    private static void table(StringBuilder b, List<Comparison> comparisons) {
        Comparison first = comparisons.get(0);
        List<String> runs = new ArrayList<>();
        runs.add(first.baseline().name() + " (baseline)");
        comparisons.forEach(c -> runs.add(c.candidate().name()));
        b.append("Runs: ").append(String.join(", ", runs)).append('\n');
        method(b, first);
        b.append("  A candidate's cell: its value, the change against the baseline with its 95% interval, and the"
                + " verdict (n.s.: no significant difference).\n");
        // Every operation of any comparison, in the order of the first that has it.
        List<String> operations = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (OperationComparison op : c.operations()) {
                if (!operations.contains(op.operation())) {
                    operations.add(op.operation());
                }
            }
        }
        java.util.Collections.sort(operations);
        for (String op : operations) {
            b.append(op).append('\n');
            List<String> metrics = metrics(comparisons, op);
            // Every cell first, then each column as wide as its widest cell.
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of("metric", first.baseline().name()));
            comparisons.forEach(c -> header.add(c.candidate().name()));
            rows.add(header);
            for (String metric : metrics) {
                List<String> row = new ArrayList<>(List.of(metric, ""));
                for (Comparison c : comparisons) {
                    MetricChange m = c.metric(op, metric);
                    if (m != null) {
                        row.set(1, number(m.baseline()));
                    }
                    row.add(cell(m));
                }
                rows.add(row);
            }
            int[] width = new int[header.size()];
            for (List<String> row : rows) {
                for (int i = 0; i < row.size(); i++) {
                    width[i] = Math.max(width[i], row.get(i).length());
                }
            }
            for (List<String> row : rows) {
                StringBuilder line = new StringBuilder("  ");
                for (int i = 0; i < row.size(); i++) {
                    String text = row.get(i);
                    line.append(i == 1 ? " ".repeat(width[i] - text.length()) + text
                            : text + " ".repeat(width[i] - text.length())).append("   ");
                }
                b.append(line.toString().stripTrailing()).append('\n');
            }
        }
    }

    private static List<String> metrics(List<Comparison> comparisons, String op) {
        List<String> out = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (OperationComparison o : c.operations()) {
                if (o.operation().equals(op)) {
                    o.metrics().forEach(m -> {
                        if (!out.contains(m.metric())) {
                            out.add(m.metric());
                        }
                    });
                }
            }
        }
        return out;
    }

    /** A candidate's cell: value, change, interval, short verdict. */
    private static String cell(MetricChange m) {
        if (m == null) {
            return "(not compared)";
        }
        String ci = m.isTested() ? String.format(Locale.ROOT, "(%+.1f .. %+.1f)", 100 * m.ciLow(), 100 * m.ciHigh())
                : "";
        String verdict = m.isTested() && !m.significant() ? "n.s." : m.verdict();
        return String.format(Locale.ROOT, "%6s %+6.1f%% %-16s %s", number(m.candidate()), 100 * m.relative(), ci,
                verdict);
    }

    private static String interval(MetricChange m) {
        return m.isTested() ? String.format(Locale.ROOT, "%+7.1f%% .. %+7.1f%%", 100 * m.ciLow(), 100 * m.ciHigh())
                : "";
    }

    /** How each side's variance is estimated: one method, or both when one side has one run and the other several. */
    public static String methods(Comparison c) {
        boolean a = c.baseline().several();
        boolean b = c.candidate().several();
        return a == b ? (a ? Comparison.RUNS_METHOD : Comparison.ONE_RUN_METHOD)
                : Comparison.ONE_RUN_METHOD + "; " + Comparison.RUNS_METHOD;
    }

    /**
     * What could not be judged, one entry per operation and figure ({@code READ response p99}),
     * without the figures the maximum and the open model's throughput (never tested) and the
     * service times equal to the response times (judged once, as response).
     */
    public static List<String> notJudged(Comparison c) {
        List<String> out = new ArrayList<>();
        for (OperationComparison op : c.operations()) {
            for (MetricChange m : op.metrics()) {
                if (MetricChange.NOT_ENOUGH_DATA.equals(m.untested())) {
                    out.add(op.operation() + " " + m.metric().replace(" (us)", ""));
                }
            }
        }
        return out;
    }

    /** One line: the significant changes, or "no significant difference". */
    public static String summary(Comparison c) {
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
        boolean anyTested = c.operations().stream().anyMatch(op -> op.metrics().stream()
                .anyMatch(MetricChange::isTested));
        if (!anyTested) {
            return "Summary: no figure could be tested (see the warnings)";
        }
        if (worse.isEmpty() && better.isEmpty()) {
            return "Summary: no significant difference in any operation";
        }
        return "Summary: " + (worse.isEmpty() ? "" : "worse: " + String.join("; ", worse))
                + (worse.isEmpty() || better.isEmpty() ? "" : " | ")
                + (better.isEmpty() ? "" : "better: " + String.join("; ", better));
    }

    static String number(double x) {
        return Math.abs(x) >= 100 ? String.format(Locale.ROOT, "%.0f", x) : String.format(Locale.ROOT, "%.2f", x);
    }
}
