package org.openmark.report.html;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.consistency.PbsConfigurations;
import org.openmark.consistency.ProbabilityEstimate;

/**
 * A staleness run's page ({@code staleness.html}): the measured P(consistent) per offset and, when
 * the store traced its delays, PBS's trade-off for every R and W of N (issue 49): P(consistent) at
 * the first probe offset against the latency of a write and a read of it (the two medians added),
 * one point per configuration, the measured one marked, and the table of every figure.
 * Self-contained like {@code report.html}.
 */
public final class StalenessHtml {
    private static final int WIDTH = 860;
    private static final int HEIGHT = 360;
    private static final int LEFT = 70;
    private static final int RIGHT = 150;
    private static final int TOP = 20;
    private static final int BOTTOM = 50;

    private StalenessHtml() {
    }

    /**
     * The page.
     *
     * @param facts shown as given, in order (store, levels, writes ...)
     * @param measured the measured P(consistent) per offset (ms) with its interval
     * @param all the prediction for every R and W, or null when the store traced no delays
     */
    public static String render(Map<String, String> facts, Map<Double, ProbabilityEstimate> measured,
            PbsConfigurations all) {
        StringBuilder b = new StringBuilder(32 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>openmark staleness</title>\n<style>\n").append(PageStyle.CSS)
                .append("</style>\n</head>\n<body>\n<main>\n<header>\n<h1>Staleness <span class=\"sub\">")
                .append("how often a read right after a write misses it</span></h1>\n<dl class=\"facts\">\n");
        facts.forEach((k, v) -> b.append("<div><dt>").append(Html.escape(k)).append("</dt><dd>")
                .append(Html.escape(v)).append("</dd></div>\n"));
        b.append("</dl>\n</header>\n<section>\n<h2>Measured</h2>\n<table>\n<thead><tr><th>offset after the"
                + " acknowledgement</th><th>P(consistent)</th><th>95% interval</th></tr></thead>\n<tbody>\n");
        measured.forEach((t, e) -> b.append("<tr><th>").append(ms(t)).append(" ms</th><td>").append(p(e.p()))
                .append("</td><td>").append(p(e.low())).append(" – ").append(p(e.high())).append("</td></tr>\n"));
        b.append("</tbody>\n</table>\n</section>\n");
        if (all != null) {
            tradeOff(b, all, measured);
        }
        b.append("<footer>openmark staleness</footer>\n</main>\n</body>\n</html>\n");
        return b.toString();
    }

    private static void tradeOff(StringBuilder b, PbsConfigurations all, Map<Double, ProbabilityEstimate> measured) {
        double t = all.rows().get(0).pConsistentAt().keySet().iterator().next();
        int r0 = all.measured().quorums().r();
        int w0 = all.measured().quorums().w();
        b.append("<section>\n<h2>Every R and W, predicted from the traced delays (PBS)</h2>\n<p class=\"lead\">")
                .append(Html.escape(String.format(Locale.ROOT, "P(consistent) %s ms after the acknowledgement against"
                        + " the latency of a write and a read of it (write p50 + read p50), one point per R and W of"
                        + " N=%d; the measured configuration (R=%d W=%d) is the filled one. %s.", ms(t),
                        all.measured().quorums().n(), r0, w0, PbsConfigurations.INTERVALS)))
                .append("</p>\n");
        boolean latencies = all.rows().stream().noneMatch(r -> r.write().isEmpty() || r.read().isEmpty());
        if (latencies) {
            b.append("<div class=\"plot\">\n").append(chart(all, t, r0, w0)).append("</div>\n");
        } else {
            b.append("<p class=\"note\">No latencies: they need whole traced pairs that name their nodes.</p>\n");
        }
        b.append("<table class=\"op\">\n<thead><tr><th>R</th><th>W</th>");
        for (double at : all.rows().get(0).pConsistentAt().keySet()) {
            b.append("<th>P at ").append(ms(at)).append(" ms</th>");
        }
        b.append("<th>write p50 / p99 (ms)</th><th>read p50 / p99 (ms)</th></tr></thead>\n<tbody>\n");
        for (PbsConfigurations.Row row : all.rows()) {
            boolean isMeasured = row.r() == r0 && row.w() == w0;
            b.append(isMeasured ? "<tr class=\"better\">" : "<tr>").append("<td>").append(row.r()).append("</td><td>")
                    .append(row.w()).append(isMeasured ? " (measured)" : "").append("</td>");
            row.pConsistentAt().forEach((at, e) -> {
                b.append("<td title=\"95% ").append(p(e.low())).append(" – ").append(p(e.high())).append("\">")
                        .append(p(e.p()));
                ProbabilityEstimate m = isMeasured ? measured.get(at) : null;
                if (m != null) {
                    b.append(" (measured ").append(p(m.p())).append(')');
                }
                b.append("</td>");
            });
            b.append("<td>").append(latency(row.write())).append("</td><td>").append(latency(row.read()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n</section>\n");
    }

    /** The scatter: x the two medians added, y P(consistent) at {@code t}; axes from the data. */
    private static String chart(PbsConfigurations all, double t, int r0, int w0) {
        List<PbsConfigurations.Row> rows = all.rows();
        double maxX = 0;
        double minY = 1;
        for (PbsConfigurations.Row row : rows) {
            maxX = Math.max(maxX, x(row));
            minY = Math.min(minY, row.pConsistentAt().get(t).low());
        }
        maxX = maxX <= 0 || !Double.isFinite(maxX) ? 1 : maxX * 1.1;
        minY = Math.max(0, Math.floor(minY * 20) / 20);
        if (minY >= 1) {
            minY = 0.95;
        }
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        double finalMinY = minY;
        double finalMaxX = maxX;
        java.util.function.DoubleUnaryOperator sx = v -> LEFT + plotW * Math.min(v, finalMaxX) / finalMaxX;
        java.util.function.DoubleUnaryOperator sy = v -> TOP + plotH * (1 - (v - finalMinY) / (1 - finalMinY));
        Svg svg = new Svg(WIDTH, HEIGHT, "P(consistent) against latency for every R and W");
        svg.rect(LEFT, TOP, plotW, plotH, "fill", "#fff", "stroke", "#ccc");
        for (int i = 0; i <= 4; i++) {
            double vx = maxX * i / 4;
            double vy = minY + (1 - minY) * i / 4;
            svg.line(sx.applyAsDouble(vx), TOP, sx.applyAsDouble(vx), TOP + plotH, "stroke", "#eee");
            svg.text(sx.applyAsDouble(vx), TOP + plotH + 16, String.format(Locale.ROOT, "%.1f", vx), "font-size", "11",
                    "text-anchor", "middle");
            svg.line(LEFT, sy.applyAsDouble(vy), LEFT + plotW, sy.applyAsDouble(vy), "stroke", "#eee");
            svg.text(LEFT - 6, sy.applyAsDouble(vy) + 4, String.format(Locale.ROOT, "%.3f", vy), "font-size", "11",
                    "text-anchor", "end");
        }
        svg.text(LEFT + plotW / 2, HEIGHT - 10, "write p50 + read p50 (ms)", "font-size", "12", "text-anchor", "middle");
        svg.text(14, TOP + plotH / 2, "P(consistent) at " + ms(t) + " ms", "font-size", "12", "text-anchor", "middle",
                "transform", "rotate(-90 14 " + Svg.num(TOP + plotH / 2) + ")");
        for (PbsConfigurations.Row row : rows) {
            ProbabilityEstimate e = row.pConsistentAt().get(t);
            double cx = sx.applyAsDouble(x(row));
            boolean isMeasured = row.r() == r0 && row.w() == w0;
            svg.line(cx, sy.applyAsDouble(e.low()), cx, sy.applyAsDouble(e.high()), "stroke", "#6b8db5");
            svg.open("circle", "cx", Svg.num(cx), "cy", Svg.num(sy.applyAsDouble(e.p())), "r", isMeasured ? "7" : "5",
                    "fill", isMeasured ? "#2e8b47" : "#fff", "stroke", isMeasured ? "#1d5c2f" : "#34495e",
                    "stroke-width", "2");
            svg.withText("title", String.format(Locale.ROOT, "R=%d W=%d%s: P %s (95%% %s-%s), write p50 %.3f ms,"
                    + " read p50 %.3f ms", row.r(), row.w(), isMeasured ? " (measured)" : "", p(e.p()), p(e.low()),
                    p(e.high()), row.write().get("p50").ms(), row.read().get("p50").ms()));
            svg.close("circle");
            svg.text(cx + 9, sy.applyAsDouble(e.p()) - 6, "R=" + row.r() + " W=" + row.w()
                    + (isMeasured ? " (measured)" : ""), "font-size", "11");
        }
        return svg.toString();
    }

    private static double x(PbsConfigurations.Row row) {
        return row.write().get("p50").ms() + row.read().get("p50").ms();
    }

    private static String latency(Map<String, PbsConfigurations.Latency> l) {
        if (l.isEmpty()) {
            return "n/a";
        }
        return number(l.get("p50").ms()) + " / " + number(l.get("p99").ms());
    }

    private static String number(double ms) {
        return Double.isFinite(ms) ? String.format(Locale.ROOT, "%.3f", ms) : "n/a";
    }

    private static String p(double p) {
        return String.format(Locale.ROOT, "%.5f", p);
    }

    private static String ms(double t) {
        return t == Math.rint(t) ? String.valueOf((long) t) : String.valueOf(t);
    }
}
