package org.openmark.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A forest plot of a comparison: one row per figure, its change as a dot and its 95 % interval as
 * a bar, on the log of the ratio (so +100 % and −50 % lie equally far from 0, as the test sees
 * them) around a line at no change, with the gate's threshold dashed when one was given. A figure
 * not judged is a ring without a bar. Changes beyond ×10 either way are drawn at the edge, with
 * an arrow.
 */
final class ForestPlot {
    private static final int LABELS = 250;
    private static final int RIGHT = 40;
    private static final int ROW = 22;
    private static final int TOP = 26;
    private static final int BOTTOM = 44;
    private static final double LIMIT = Math.log(10);
    private static final double[] TICKS = {-0.9, -0.75, -0.5, -0.25, -0.1, -0.05, -0.02, -0.01, 0, 0.01, 0.02, 0.05,
        0.1, 0.25, 0.5, 1, 2, 5, 9};

    /** How a row is drawn. */
    enum Verdict {
        WORSE("#c0392b"), BETTER("#2e8b47"), NO_DIFFERENCE("#555555"), NOT_JUDGED("#999999");

        final String colour;

        Verdict(String colour) {
            this.colour = colour;
        }
    }

    /**
     * One figure.
     *
     * @param label e.g. {@code READ response p99}
     * @param relative the change (0.1 = +10 %)
     * @param low its interval's low end (NaN when not judged)
     * @param high its interval's high end
     * @param verdict how it is drawn
     * @param tooltip what hovering shows
     */
    record Row(String label, double relative, double low, double high, Verdict verdict, String tooltip) {
    }

    private ForestPlot() {
    }

    /** The plot; {@code gate} is the gate's threshold, or NaN. */
    static String render(String label, List<Row> rows, double gate) {
        double lo = 0;
        double hi = 0;
        for (Row r : rows) {
            for (double v : new double[] {r.relative(), r.low(), r.high()}) {
                if (Double.isFinite(v) && v > -1) {
                    lo = Math.min(lo, Math.log1p(v));
                    hi = Math.max(hi, Math.log1p(v));
                }
            }
        }
        if (Double.isFinite(gate)) {
            hi = Math.max(hi, Math.log1p(gate));
        }
        lo = Math.max(-LIMIT, lo);
        hi = Math.min(LIMIT, hi);
        double pad = Math.max(0.02, 0.08 * (hi - lo));
        double min = lo - pad;
        double max = hi + pad;
        int width = Chart.WIDTH;
        int height = TOP + ROW * rows.size() + BOTTOM;
        double plotWidth = width - LABELS - RIGHT;
        java.util.function.DoubleUnaryOperator x = v -> LABELS + (Math.max(min, Math.min(max, v)) - min) / (max - min)
                * plotWidth;
        Svg svg = new Svg(width, height, label);
        double bottom = TOP + ROW * rows.size();
        for (double t : spaced(ticks(min, max), v -> x.applyAsDouble(Math.log1p(v)))) {
            double tx = x.applyAsDouble(Math.log1p(t));
            svg.line(tx, TOP - 4, tx, bottom, "stroke", t == 0 ? "#333333" : "#e3e3e3", "stroke-width",
                    t == 0 ? "1.5" : "1");
            svg.text(tx, bottom + 16, percent(t), "text-anchor", "middle", "font-size", "11", "fill", "#333333");
        }
        if (Double.isFinite(gate)) {
            double gx = x.applyAsDouble(Math.log1p(gate));
            svg.line(gx, TOP - 4, gx, bottom, "stroke", "#a15c00", "stroke-dasharray", "5 4", "stroke-width", "1.5");
            svg.text(gx, TOP - 8, "gate " + percent(gate), "text-anchor", "middle", "font-size", "11", "fill",
                    "#a15c00");
        }
        svg.text(LABELS + plotWidth / 2, height - 6, "change against the baseline (95% interval), on the log of the"
                + " ratio", "text-anchor", "middle", "font-size", "12", "fill", "#333333");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double y = TOP + ROW * i + ROW / 2.0;
            svg.open("g", "class", "row");
            svg.withText("title", r.tooltip());
            svg.text(LABELS - 8, y + 4, r.label(), "text-anchor", "end", "font-size", "12", "fill",
                    r.verdict() == Verdict.NOT_JUDGED ? "#888888" : "#222222");
            if (r.verdict() != Verdict.NOT_JUDGED && Double.isFinite(r.low())) {
                double x0 = x.applyAsDouble(Math.log1p(Math.max(r.low(), -0.999999)));
                double x1 = x.applyAsDouble(Math.log1p(r.high()));
                // The interval with a cap at each end, one path (it carries the row's tooltip too).
                svg.path(String.format(Locale.ROOT, "M%s %s L%s %s M%s %s L%s %s M%s %s L%s %s", Svg.num(x0),
                        Svg.num(y - 5), Svg.num(x0), Svg.num(y + 5), Svg.num(x0), Svg.num(y), Svg.num(x1), Svg.num(y),
                        Svg.num(x1), Svg.num(y - 5), Svg.num(x1), Svg.num(y + 5)), r.tooltip(), "stroke",
                        r.verdict().colour, "stroke-width", "2.5", "fill", "none");
                if (Math.log1p(r.high()) > max) {
                    arrow(svg, x1, y, 1, r.verdict().colour);
                }
                if (Math.log1p(Math.max(r.low(), -0.999999)) < min) {
                    arrow(svg, x0, y, -1, r.verdict().colour);
                }
            }
            double cx = x.applyAsDouble(Math.log1p(Math.max(r.relative(), -0.999999)));
            boolean ring = r.verdict() == Verdict.NOT_JUDGED;
            svg.empty("circle", "cx", Svg.num(cx), "cy", Svg.num(y), "r", "4.5", "fill", ring ? "#ffffff"
                    : r.verdict().colour, "stroke", r.verdict().colour, "stroke-width", "1.5");
            if (ring) {
                svg.text(Math.min(cx + 8, width - RIGHT), y + 4, "not enough data", "font-size", "11", "fill",
                        "#888888");
            }
            svg.close("g");
        }
        return svg.toString();
    }

    private static void arrow(Svg svg, double x, double y, int direction, String colour) {
        svg.path(String.format(Locale.ROOT, "M%s %s L%s %s L%s %s Z", Svg.num(x), Svg.num(y - 5),
                Svg.num(x + 7 * direction), Svg.num(y), Svg.num(x), Svg.num(y + 5)), "beyond the axis", "fill", colour);
    }

    /** The ticks inside (min, max) on the log axis, at most 9, always 0. */
    static List<Double> ticks(double min, double max) {
        List<Double> inside = new ArrayList<>();
        for (double t : TICKS) {
            double v = Math.log1p(t);
            if (v >= min && v <= max) {
                inside.add(t);
            }
        }
        int step = (inside.size() + 8) / 9;
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < inside.size(); i++) {
            if (inside.get(i) == 0 || i % Math.max(1, step) == 0) {
                out.add(inside.get(i));
            }
        }
        return out;
    }

    /**
     * The ticks at least 44 px apart where {@code px} puts them, 0 first and then outwards (near 0
     * the log axis crowds −1 %, +1 %, +5 %).
     */
    static List<Double> spaced(List<Double> ticks, java.util.function.DoubleUnaryOperator px) {
        List<Double> order = new ArrayList<>(ticks);
        order.sort(java.util.Comparator.comparingDouble(Math::abs));
        List<Double> kept = new ArrayList<>();
        for (double t : order) {
            if (kept.stream().allMatch(k -> Math.abs(px.applyAsDouble(k) - px.applyAsDouble(t)) >= 44)) {
                kept.add(t);
            }
        }
        kept.sort(null);
        return kept;
    }

    static String percent(double t) {
        return t == 0 ? "0" : String.format(Locale.ROOT, "%+.0f%%", 100 * t).replace("+-", "-");
    }
}
