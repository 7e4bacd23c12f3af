package org.openmark.report.html;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.rating.ExperimentRecord;
import org.openmark.rating.ExperimentResult;
import org.openmark.rating.RatingFormat;
import org.openmark.rating.RatingReport;
import org.openmark.rating.RatingReportText;
import org.openmark.rating.TimeBreakdown;

/**
 * {@code rating.html}: the rating and its SLA, the search path (every experiment's load against
 * its throughput and against its latency at the SLA's percentile, coloured by whether it met the
 * SLA, with memo hits and repeats marked), the experiments as a table and where the time went.
 * Self-contained like {@code report.html}.
 */
public final class RatingHtml {
    private static final String MET = "#2e8b47";
    private static final String MISSED = "#c0392b";
    private static final String INVALID = "#8a8a8a";
    private static final String CONFIRMED = "#0072B2";
    private static final String PATH = "#b0b0b0";

    private RatingHtml() {
    }

    /** The page, without what was measured (a curve's rating). */
    public static String render(RatingReport report) {
        return render(report, null);
    }

    /** The page; {@code measured}: what the experiments measured, or null. */
    public static String render(RatingReport report, org.openmark.report.Measured measured) {
        StringBuilder b = new StringBuilder(32 * 1024);
        String unit = report.settings().loadUnit().label();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
                .append(Html.escape("openmark rating: " + headline(report))).append("</title>\n<style>\n")
                .append(PageStyle.CSS).append("</style>\n</head>\n<body>\n<main>\n<header>\n<h1>Rating <span class=\"sub\">")
                .append(Html.escape("the highest throughput that meets the SLA " + report.sla())).append("</span></h1>\n");
        boolean good = report.rating().isPresent() && !report.stoppedEarly();
        b.append("<div class=\"verdict ").append(good ? "valid" : "invalid").append("\"><strong>")
                .append(Html.escape(headline(report))).append("</strong>");
        report.stop().ifPresent(st -> b.append(" a lower bound: ").append(Html.escape(st.reason())));
        b.append("</div>\n<dl class=\"facts\">\n");
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("SLA", report.sla().toString());
        report.rating().ifPresent(r -> facts.put("at load", r.load() + " " + unit + (r.confirmed()
                ? ", confirmed for " + RatingFormat.duration(report.sla().sustain()) : "")));
        facts.put("search", String.format(Locale.ROOT, "climb from %d %s, ×%s per step, then %s",
                report.settings().startLoad(), unit, trim(report.settings().climbFactor()),
                report.settings().strategy().label()));
        facts.put("climb ended", report.climbOutcome().name().toLowerCase(Locale.ROOT).replace('_', ' '));
        facts.put("experiments", report.uniqueExperiments() + " run, " + report.totalExperiments() + " requested, "
                + report.memoHits() + " memo hits" + (report.repeats() > 0 ? ", " + report.repeats() + " repeated"
                        : ""));
        facts.put("time", RatingFormat.duration(report.time().total()));
        if (measured != null) {
            facts.put("store", measured.store() + (measured.storeFacts().isEmpty() ? ""
                    : " " + measured.storeFacts()));
            facts.put("model", measured.model());
            facts.put("clock", measured.clock());
            facts.put("seeds", measured.seeds().toString());
            facts.put("openmark", measured.openmarkVersion());
        }
        facts.forEach((k, v) -> b.append("<div><dt>").append(Html.escape(k)).append("</dt><dd>")
                .append(Html.escape(v)).append("</dd></div>\n"));
        b.append("</dl>\n");
        if (measured != null) {
            b.append("<details><summary>Properties (secrets masked)</summary>\n<table class=\"config\">\n");
            measured.properties().forEach((k, v) -> b.append("<tr><th>").append(Html.escape(k)).append("</th><td>")
                    .append(Html.escape(v)).append("</td></tr>\n"));
            b.append("</table>\n</details>\n");
        }
        if (!report.notes().isEmpty()) {
            b.append("<div class=\"notes\"><strong>Notes</strong><ul>\n");
            report.notes().forEach(n -> b.append("<li>").append(Html.escape(n)).append("</li>\n"));
            b.append("</ul></div>\n");
        }
        b.append("</header>\n");
        section(b, "Search path: throughput", "Each experiment's measured throughput at its load, in the order the"
                + " search ran them (grey path). Green: met the SLA; red: missed it; grey: invalid (the load generator"
                + " limited it); blue: the confirmation run; a grey ring: a memo hit, a load asked for again and"
                + " answered without a run. Hover a point for its number and step.",
                path(report, true));
        if (!report.sla().isNone()) {
            section(b, "Search path: latency at the SLA's percentile", "The latency each experiment measured at "
                    + RatingFormat.percentile(report.sla().percentile()) + "; the dashed line is the SLA's bound. An"
                    + " invalid experiment (grey) is shown as measured, and counts as missing the SLA.",
                    path(report, false));
        }
        b.append("<section>\n<h2>Experiments</h2>\n");
        if (report.experiments().stream().anyMatch(e -> !e.result().valid())
                || report.confirmations().stream().anyMatch(c -> !c.valid())) {
            b.append("<p class=\"lead\">").append(Html.escape(RatingReportText.INVALID_MEANS)).append("</p>\n");
        }
        b.append(table(report, unit)).append("</section>\n");
        b.append("<section>\n<h2>Where the time went</h2>\n<p class=\"lead\">As in BG: initial load ζ, ω reloads of"
                + " ν each, η experiments of warm-up + δ each, and the confirmation runs of warm-up + Δ.</p>\n")
                .append(time(report.time())).append("</section>\n");
        b.append("<footer>Generated by openmark rate.</footer>\n</main>\n</body>\n</html>\n");
        return b.toString();
    }

    private static String headline(RatingReport report) {
        return report.rating().map(r -> (report.stoppedEarly() ? "≥ " : "") + RatingFormat.opsPerSec(
                r.valueOpsPerSec()) + " ops/s").orElse("no rating: " + (report.stoppedEarly()
                        ? "the search stopped before any valid experiment met the SLA" : "no load met the SLA"));
    }

    private static void section(StringBuilder b, String title, String lead, String svg) {
        b.append("<section>\n<h2>").append(Html.escape(title)).append("</h2>\n<p class=\"lead\">")
                .append(Html.escape(lead)).append("</p>\n");
        b.append(svg == null ? "<p class=\"note\">nothing to plot: no experiment ran</p>\n"
                : "<div class=\"plot\">\n" + svg + "</div>\n");
        b.append("</section>\n");
    }

    private static double value(ExperimentResult r, boolean throughput) {
        return throughput ? r.throughputOpsPerSec()
                : r.slaLatencyNanos() == Long.MAX_VALUE ? Double.NaN : r.slaLatencyNanos() / 1000.0;
    }

    private static String path(RatingReport report, boolean throughput) {
        List<ExperimentRecord> ran = report.experiments().stream().filter(e -> !e.memoHit()).toList();
        if (ran.isEmpty() && report.confirmations().isEmpty()) {
            return null;
        }
        List<ExperimentResult> all = new ArrayList<>();
        ran.forEach(e -> all.add(e.result()));
        all.addAll(report.confirmations());
        double minX = Double.MAX_VALUE;
        double maxX = 0;
        double minY = Double.MAX_VALUE;
        double maxY = 0;
        for (ExperimentResult r : all) {
            minX = Math.min(minX, r.loadLevel());
            maxX = Math.max(maxX, r.loadLevel());
            double y = value(r, throughput);
            if (Double.isFinite(y) && y > 0) {
                minY = Math.min(minY, y);
                maxY = Math.max(maxY, y);
            }
        }
        if (!throughput) {
            double bound = report.sla().maxLatencyNanos() / 1000.0;
            minY = Math.min(minY, bound);
            maxY = Math.max(maxY, bound);
        }
        if (maxY == 0) {
            return null;
        }
        String unit = report.settings().loadUnit().label();
        boolean logLoad = maxX / minX >= 8;
        Axis xAxis = logLoad ? Axis.log(minX, maxX) : Axis.linear(0, maxX, 6);
        Chart chart = new Chart(throughput ? "rating-throughput" : "rating-latency", throughput
                ? "Throughput of each experiment against its load" : "Latency at the SLA's percentile against load",
                new Chart.AxisSpec(xAxis, Units::compact, "load (" + unit + ")"), throughput
                        ? new Chart.AxisSpec(Axis.linear(0, maxY, 6), Units::compact, "throughput (ops/s)")
                        : new Chart.AxisSpec(Axis.log(minY, maxY), Units::durationUs,
                                RatingFormat.percentile(report.sla().percentile()) + " latency"));
        double[] xs = ran.stream().mapToDouble(e -> e.result().loadLevel()).toArray();
        double[] ys = ran.stream().mapToDouble(e -> value(e.result(), throughput)).toArray();
        LineStyle pathStyle = LineStyle.solid(PATH, 1.5);
        chart.line(xs, ys, pathStyle, false, "the search's path, in order").legend("search path", pathStyle);
        if (!throughput) {
            double bound = report.sla().maxLatencyNanos() / 1000.0;
            LineStyle sla = LineStyle.dashed(MISSED, 1.5);
            chart.line(new double[] {xAxis.min(), xAxis.max()}, new double[] {bound, bound}, sla, false,
                    "the SLA's bound").legend("SLA bound " + RatingFormat.latency(report.sla().maxLatencyNanos()), sla);
        }
        points(chart, ran, throughput, MET, e -> e.result().valid() && e.result().slaMet(), "met the SLA");
        points(chart, ran, throughput, MISSED, e -> e.result().valid() && !e.result().slaMet(), "missed the SLA");
        points(chart, ran, throughput, INVALID, e -> !e.result().valid(), "invalid");
        List<ExperimentRecord> hits = report.experiments().stream().filter(ExperimentRecord::memoHit).toList();
        if (!hits.isEmpty()) {
            chart.points(hits.stream().mapToDouble(e -> e.result().loadLevel()).toArray(),
                    hits.stream().mapToDouble(e -> value(e.result(), throughput)).toArray(), PATH,
                    hits.stream().map(e -> "#" + e.sequence() + " " + e.phase() + " at load " + e.result().loadLevel()
                            + ": a memo hit, answered from the earlier experiment").toList(), Chart.Marks.RINGS)
                    .legend("memo hit (not run again)", LineStyle.dashed(PATH, 2));
        }
        if (!report.confirmations().isEmpty()) {
            List<ExperimentResult> c = report.confirmations();
            List<String> tips = c.stream().map(r -> "confirmation at " + r.loadLevel() + " " + unit + ": "
                    + describe(r)).toList();
            chart.points(c.stream().mapToDouble(ExperimentResult::loadLevel).toArray(),
                    c.stream().mapToDouble(r -> value(r, throughput)).toArray(), CONFIRMED, tips)
                    .legend("confirmation", LineStyle.solid(CONFIRMED, 4));
        }
        // The chosen point: the load the rating stands on, marked across the plot.
        report.rating().ifPresent(r -> chart.markers(List.of(new Chart.Marker(r.load(), "the rating: "
                + RatingFormat.opsPerSec(r.valueOpsPerSec()) + " ops/s at " + r.load()))));
        return chart.render();
    }

    private static void points(Chart chart, List<ExperimentRecord> ran, boolean throughput, String colour,
            java.util.function.Predicate<ExperimentRecord> which, String label) {
        List<ExperimentRecord> chosen = ran.stream().filter(which).toList();
        if (chosen.isEmpty()) {
            return;
        }
        chart.points(chosen.stream().mapToDouble(e -> e.result().loadLevel()).toArray(),
                chosen.stream().mapToDouble(e -> value(e.result(), throughput)).toArray(), colour,
                chosen.stream().map(e -> "#" + e.sequence() + " " + e.phase() + (e.repeat() ? " (repeat)" : "")
                        + " at load " + e.result().loadLevel() + ": " + describe(e.result())).toList())
                .legend(label, LineStyle.solid(colour, 4));
    }

    private static String describe(ExperimentResult r) {
        return RatingFormat.opsPerSec(r.throughputOpsPerSec()) + " ops/s, latency "
                + RatingFormat.experimentLatency(r.slaLatencyNanos()) + (r.valid() ? (r.slaMet() ? ", met the SLA"
                        : ", missed the SLA") : ", invalid: " + r.invalidReason());
    }

    private static String table(RatingReport report, String unit) {
        StringBuilder b = new StringBuilder("<table>\n<thead><tr><th>#</th><th>step</th><th>load (")
                .append(Html.escape(unit)).append(")</th><th>throughput</th><th>")
                .append(Html.escape(RatingFormat.percentile(report.sla().percentile())))
                .append(" latency</th><th>SLA</th><th>valid</th><th>memo</th></tr></thead>\n<tbody>\n");
        for (ExperimentRecord e : report.experiments()) {
            row(b, String.valueOf(e.sequence()), e.phase(), e.result(), e.memoHit() ? "hit: not run again"
                    : e.repeat() ? "repeat of an invalid run" : "");
        }
        for (ExperimentResult c : report.confirmations()) {
            row(b, "–", "confirm " + RatingFormat.duration(c.duration()), c, "");
        }
        return b.append("</tbody>\n</table>\n").toString();
    }

    private static void row(StringBuilder b, String sequence, String step, ExperimentResult r, String memo) {
        b.append(r.valid() && r.slaMet() ? "<tr>" : "<tr class=\"worse\">");
        for (String cell : List.of(sequence, step, String.valueOf(r.loadLevel()),
                RatingFormat.opsPerSec(r.throughputOpsPerSec()) + " ops/s",
                RatingFormat.experimentLatency(r.slaLatencyNanos()),
                r.slaMet() ? "met" : "missed", r.valid() ? "yes" : "NO: " + r.invalidReason(), memo)) {
            b.append("<td>").append(Html.escape(cell)).append("</td>");
        }
        b.append("</tr>\n");
    }

    private static String time(TimeBreakdown t) {
        Map<String, Duration> parts = new LinkedHashMap<>();
        parts.put("initial load ζ", t.initialLoad());
        parts.put("reloads ω·ν (" + t.reloads() + " × " + RatingFormat.duration(t.reloadEach()) + ")",
                t.reloadTotal());
        parts.put("experiments η·(warm-up + δ) (" + t.experiments() + " × (" + RatingFormat.duration(t.warmup())
                + " + " + RatingFormat.duration(t.experimentLength()) + "))", t.experimentTotal());
        parts.put("confirmations (" + t.confirmations() + " × (" + RatingFormat.duration(t.warmup()) + " + "
                + RatingFormat.duration(t.confirmationLength()) + "))", t.confirmationTotal());
        long total = Math.max(1, t.total().toMillis());
        String[] colours = {"#0072B2", "#E69F00", "#009E73", "#CC79A7"};
        int width = Chart.WIDTH;
        Svg svg = new Svg(width, 44, "Where the rating's time went");
        double x = 0;
        int i = 0;
        for (Map.Entry<String, Duration> part : parts.entrySet()) {
            double w = width * part.getValue().toMillis() / (double) total;
            if (w > 0) {
                svg.open("rect", "x", Svg.num(x), "y", "4", "width", Svg.num(w), "height", "36", "fill",
                        colours[i % colours.length]).withText("title", part.getKey() + ": "
                                + RatingFormat.duration(part.getValue())).close("rect");
                x += w;
            }
            i++;
        }
        StringBuilder b = new StringBuilder("<div class=\"plot\">\n").append(svg).append("</div>\n<table>\n<thead>"
                + "<tr><th></th><th>part</th><th>time</th><th>share</th></tr></thead>\n<tbody>\n");
        i = 0;
        for (Map.Entry<String, Duration> part : parts.entrySet()) {
            b.append("<tr><td><span style=\"color:").append(colours[i++ % colours.length]).append("\">&#9632;</span>")
                    .append("</td><td>").append(Html.escape(part.getKey())).append("</td><td>")
                    .append(Html.escape(RatingFormat.duration(part.getValue()))).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.0f %%", 100.0 * part.getValue().toMillis() / total))
                    .append("</td></tr>\n");
        }
        b.append("<tr><td></td><td><strong>total</strong></td><td><strong>")
                .append(Html.escape(RatingFormat.duration(t.total()))).append("</strong></td><td>100 %</td></tr>\n");
        return b.append("</tbody>\n</table>\n").toString();
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
