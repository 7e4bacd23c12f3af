package org.openmark.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.openmark.compare.CompareText;
import org.openmark.compare.Comparison;
import org.openmark.compare.Gate;
import org.openmark.compare.MetricChange;
import org.openmark.compare.OperationComparison;
import org.openmark.compare.RunData;
import org.openmark.measure.Measurements;

/**
 * {@code compare.html}: the comparison's tables and, per operation, the runs overlaid on the same
 * charts: the percentile spectrum of the response time, its p99 over time and the throughput over
 * time (one colour per run). Two runs get a table per operation with both values, the change, its
 * interval and the verdict; more runs get one table per operation with a column per run. Self-
 * contained like {@code report.html}: inline SVG and CSS, no script, nothing fetched.
 */
public final class CompareHtml {
    private CompareHtml() {
    }

    /** The page without a gate. */
    public static String render(List<Comparison> comparisons) {
        return render(comparisons, null);
    }

    /** The page; {@code gate} is the gate's verdict, or null when none was asked for. */
    public static String render(List<Comparison> comparisons, Gate.Verdict gate) {
        Map<String, RunData> runs = new LinkedHashMap<>();
        for (Comparison c : comparisons) {
            c.baseline().runs().forEach(r -> runs.putIfAbsent(r.name(), r));
            c.candidate().runs().forEach(r -> runs.putIfAbsent(r.name(), r));
        }
        Palette palette = new Palette();
        runs.keySet().forEach(palette::colour);
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
                .append(Html.escape("openmark comparison: " + String.join(", ", runs.keySet())))
                .append("</title>\n<style>\n").append(PageStyle.CSS).append("</style>\n</head>\n<body>\n<main>\n");
        b.append("<header>\n<h1>Comparison of ").append(runs.size()).append(" runs</h1>\n");
        CompareAnswer.render(b, comparisons, gate);
        b.append("<h2>Runs</h2>\n<ul>\n");
        for (RunData r : runs.values()) {
            b.append("<li><span style=\"color:").append(palette.colour(r.name())).append("\">&#9632;</span> ")
                    .append(Html.escape(r.name()))
                    .append(comparisons.get(0).baseline().runs().contains(r) ? " (baseline)" : "")
                    .append(r.valid() ? "" : " — <strong>not a valid run</strong>").append("</li>\n");
        }
        Comparison first = comparisons.get(0);
        b.append("</ul>\n<p class=\"lead\">95 % confidence intervals of the ratio, on the log. ")
                .append(Html.escape(CompareText.methods(first)))
                .append(first.baseline().several() && first.candidate().several() ? ""
                        : "; " + Html.escape(Comparison.TAIL_RULE))
                .append(". A change is called significant after Holm's correction over all the tested figures of a"
                        + " comparison. The maximum, and the open model's throughput (its schedule sets it), are shown,"
                        + " not tested.</p>\n</header>\n");
        if (comparisons.size() == 1) {
            b.append("<section>\n<h2>Figures</h2>\n");
            for (OperationComparison op : first.operations()) {
                table(b, op);
            }
            b.append("</section>\n");
        } else {
            b.append("<section>\n<h2>").append(Html.escape("Figures against the baseline " + first.baseline().name()))
                    .append("</h2>\n<p class=\"lead\">A candidate's cell: its value, the change against the baseline"
                            + " with its 95 % interval, and the verdict.</p>\n");
            for (String op : operations(comparisons)) {
                matrix(b, op, comparisons);
            }
            b.append("</section>\n");
        }
        for (String op : operations(comparisons)) {
            b.append("<section>\n<h2>").append(Html.escape(op)).append("</h2>\n");
            plot(b, "Percentile spectrum of the response time, one line per run.", spectrum(op, runs, palette));
            plot(b, "Response-time mean per interval over the run's time (a gap: no operation ended in the"
                    + " interval), one line per run.", overTime(op, runs, palette, Series.MEAN));
            plot(b, "Response-time p99 per interval over the run's time (a gap: no operation ended in the"
                    + " interval), one line per run.", overTime(op, runs, palette, Series.P99));
            plot(b, "Completions per second per interval over the run's time, one line per run.",
                    overTime(op, runs, palette, Series.RATE));
            b.append("</section>\n");
        }
        b.append("<footer>Generated by openmark compare.</footer>\n</main>\n</body>\n</html>\n");
        return b.toString();
    }

    /** Every compared operation of any comparison, sorted. */
    private static List<String> operations(List<Comparison> comparisons) {
        TreeSet<String> ops = new TreeSet<>();
        comparisons.forEach(c -> c.operations().forEach(op -> ops.add(op.operation())));
        return new ArrayList<>(ops);
    }

    private static void table(StringBuilder b, OperationComparison op) {
        b.append("<h3>").append(Html.escape(op.operation())).append("</h3>\n<table>\n<thead><tr><th>figure</th>"
                + "<th>baseline</th><th>candidate</th><th>change</th><th>95% interval</th><th>verdict</th></tr></thead>"
                + "\n<tbody>\n");
        for (MetricChange m : op.metrics()) {
            b.append("<tr").append(cls(m)).append("><td>").append(Html.escape(m.metric())).append("</td><td>")
                    .append(Units.significant(m.baseline())).append("</td><td>").append(Units.significant(m.candidate()))
                    .append("</td><td>").append(String.format(Locale.ROOT, "%+.1f%%", 100 * m.relative()))
                    .append("</td><td>").append(interval(m)).append("</td><td>").append(Html.escape(m.verdict()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    /** One operation, a column per run: the baseline's value, then each candidate's value, change, interval, verdict. */
    private static void matrix(StringBuilder b, String op, List<Comparison> comparisons) {
        b.append("<h3>").append(Html.escape(op)).append("</h3>\n<table>\n<thead><tr><th>figure</th><th>")
                .append(Html.escape(comparisons.get(0).baseline().name())).append(" (baseline)</th>");
        for (Comparison c : comparisons) {
            b.append("<th>").append(Html.escape(c.candidate().name())).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        List<String> metrics = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (OperationComparison o : c.operations()) {
                if (o.operation().equals(op)) {
                    o.metrics().stream().map(MetricChange::metric).filter(m -> !metrics.contains(m))
                            .forEach(metrics::add);
                }
            }
        }
        for (String metric : metrics) {
            b.append("<tr><td>").append(Html.escape(metric)).append("</td>");
            String baseline = "";
            StringBuilder cells = new StringBuilder();
            for (Comparison c : comparisons) {
                MetricChange m = c.metric(op, metric);
                if (m == null) {
                    cells.append("<td>not compared</td>");
                    continue;
                }
                baseline = Units.significant(m.baseline());
                cells.append("<td").append(cls(m)).append(">").append(Units.significant(m.candidate())).append(' ')
                        .append(String.format(Locale.ROOT, "%+.1f%%", 100 * m.relative()))
                        .append(m.isTested() ? " (" + interval(m) + ")" : "").append("<br/>")
                        .append(Html.escape(m.verdict())).append("</td>");
            }
            b.append("<td>").append(baseline).append("</td>").append(cells).append("</tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static String cls(MetricChange m) {
        return !m.significant() ? "" : m.worse() ? " class=\"worse\"" : " class=\"better\"";
    }

    private static String interval(MetricChange m) {
        return m.isTested() ? String.format(Locale.ROOT, "%+.1f%% .. %+.1f%%", 100 * m.ciLow(), 100 * m.ciHigh())
                : "";
    }

    private static void plot(StringBuilder b, String lead, String svg) {
        b.append("<p class=\"lead\">").append(Html.escape(lead)).append("</p>\n");
        if (svg == null) {
            b.append("<p class=\"note\">nothing to plot</p>\n");
        } else {
            b.append("<div class=\"plot\">\n").append(svg).append("</div>\n");
        }
    }

    private static String spectrum(String op, Map<String, RunData> runs, Palette palette) {
        List<SpectrumPlot.Operation> lines = new ArrayList<>();
        for (RunData r : runs.values()) {
            Histogram total = Measurements.newHistogram();
            for (Histogram h : r.response().getOrDefault(op, List.of())) {
                total.add(h);
            }
            if (total.getTotalCount() > 0) {
                lines.add(new SpectrumPlot.Operation(r.name(), total, total));
            }
        }
        return lines.isEmpty() ? null : SpectrumPlot.render(lines, false, palette);
    }

    /**
     * One line per run over the run's own time: each interval is drawn at its end (seconds since
     * the phase's start, as in {@code report.html}); an interval without operations breaks the p99
     * line, and so does a missing interval (one the comparison left out), rather than joining its
     * neighbours.
     */
    /** What a chart over time shows per interval. */
    private enum Series { MEAN, P99, RATE }

    private static String overTime(String op, Map<String, RunData> runs, Palette palette, Series what) {
        boolean latency = what != Series.RATE;
        double minX = Double.POSITIVE_INFINITY;
        double maxX = 0;
        double maxY = 1;
        Map<String, double[][]> series = new LinkedHashMap<>();
        for (RunData r : runs.values()) {
            List<Histogram> intervals = r.response().getOrDefault(op, List.of());
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            double previousEnd = Double.NaN;
            for (int i = 0; i < intervals.size(); i++) {
                RunData.Interval interval = r.intervals().get(i);
                if (previousEnd < interval.startSeconds() - interval.lengthSeconds() / 2) {
                    xs.add(previousEnd); // a gap: an interval is missing here
                    ys.add(Double.NaN);
                }
                previousEnd = interval.endSeconds();
                Histogram h = intervals.get(i);
                double y = !latency ? h.getTotalCount() / interval.lengthSeconds()
                        : h.getTotalCount() == 0 ? Double.NaN
                        : what == Series.MEAN ? h.getMean() : h.getValueAtPercentile(99);
                xs.add(interval.endSeconds());
                ys.add(y);
                minX = Math.min(minX, interval.startSeconds());
                maxX = Math.max(maxX, interval.endSeconds());
                if (Double.isFinite(y)) {
                    maxY = Math.max(maxY, y);
                }
            }
            series.put(r.name(), new double[][] {xs.stream().mapToDouble(Double::doubleValue).toArray(),
                ys.stream().mapToDouble(Double::doubleValue).toArray()});
        }
        if (series.values().stream().allMatch(s -> s[0].length == 0)) {
            return null;
        }
        boolean clockStyle = maxX >= 120;
        String title = switch (what) {
            case MEAN -> "Response-time mean over time";
            case P99 -> "Response-time p99 over time";
            case RATE -> "Throughput over time";
        };
        Chart chart = new Chart(what.name().toLowerCase(java.util.Locale.ROOT) + "-" + op, title, new Chart.AxisSpec(Axis.time(Math.min(minX, maxX), Math.max(maxX, minX + 1),
                        8), s -> Units.elapsed(s, clockStyle), "time since the run's start"),
                latency ? new Chart.AxisSpec(Axis.linear(0, maxY, 6), Units::durationUs, what == Series.MEAN ? "mean"
                        : "p99")
                : new Chart.AxisSpec(Axis.linear(0, maxY, 6), Units::compact, "ops/s"));
        series.forEach((name, s) -> {
            LineStyle style = LineStyle.solid(palette.colour(name), 2);
            chart.line(s[0], s[1], style, false, name).legend(name, style);
        });
        return chart.render();
    }
}
