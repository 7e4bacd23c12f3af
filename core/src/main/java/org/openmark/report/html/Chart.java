package org.openmark.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The frame every plot shares: a legend on top, the plot area with grid lines, a bottom axis,
 * a left axis and optionally a right one, each with ticks, labels and a title. Plots add
 * lines and shaded bands in data coordinates; {@link #render} lays everything out.
 */
final class Chart {
    static final int WIDTH = 900;
    private static final int PLOT_HEIGHT = 290;
    private static final int LEFT = 84;
    private static final int LEGEND_ROW = 20;
    private static final int BOTTOM = 52;
    private static final int MARKERS_UP_TO = 40;
    private static final String GRID = "#e3e3e3";
    private static final String INK = "#333333";
    /** How the load generator's own GC pauses are drawn (and shown in the legend). */
    static final LineStyle PAUSE = new LineStyle("#222222", 1.2, "2 2");

    /** One axis with how its ticks read and its title. */
    record AxisSpec(Axis axis, DoubleFunction<String> labels, String title) {
    }

    private record Line(double[] xs, double[] ys, LineStyle style, boolean right, String tooltip, Marks marks) {
    }

    /** A moment marked across the plot: a dashed vertical line, labelled at its top. */
    record Marker(double x, String label) {
    }

    private record Band(double x0, double x1, String label, String fill) {
    }

    private record LegendEntry(String label, LineStyle style) {
    }

    private final String id;
    private final String label;
    private final AxisSpec x;
    private final AxisSpec y;
    private AxisSpec y2;
    private final List<Line> lines = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<Marker> pauses = new ArrayList<>();
    private final List<LegendEntry> legend = new ArrayList<>();

    /** A chart; {@code id} must be unique in the page (it names the clip path). */
    Chart(String id, String label, AxisSpec x, AxisSpec y) {
        this.id = id;
        this.label = label;
        this.x = x;
        this.y = y;
    }

    /** Adds a right-hand axis for lines added with {@code right = true}. */
    Chart rightAxis(AxisSpec spec) {
        this.y2 = spec;
        return this;
    }

    /** A line through (xs[i], ys[i]); a non-finite value, or ≤ 0 on a log axis, breaks it. */
    Chart line(double[] xs, double[] ys, LineStyle style, boolean right, String tooltip) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("xs and ys differ in length: " + xs.length + " != " + ys.length);
        }
        if (right && y2 == null) {
            throw new IllegalStateException("no right axis for " + tooltip);
        }
        lines.add(new Line(xs, ys, style, right, tooltip, Marks.LINE));
        return this;
    }

    /** How a series is drawn: a line, dots without a line, or rings (hollow dots) without a line. */
    enum Marks { LINE, DOTS, RINGS }

    /** Points without a line (a scatter), each a dot of {@code colour} with its own tooltip. */
    Chart points(double[] xs, double[] ys, String colour, List<String> tooltips) {
        return points(xs, ys, colour, tooltips, Marks.DOTS);
    }

    /** Points without a line, drawn as {@code marks} (DOTS or RINGS). */
    Chart points(double[] xs, double[] ys, String colour, List<String> tooltips, Marks marks) {
        if (marks == Marks.LINE) {
            throw new IllegalArgumentException("points are dots or rings");
        }
        if (xs.length != ys.length || xs.length != tooltips.size()) {
            throw new IllegalArgumentException("xs, ys and tooltips differ in length");
        }
        for (int i = 0; i < xs.length; i++) {
            lines.add(new Line(new double[] {xs[i]}, new double[] {ys[i]}, LineStyle.solid(colour, 4), false,
                    tooltips.get(i), marks));
        }
        return this;
    }

    /** A shaded vertical band from x0 to x1, labelled in its top-left corner. */
    Chart band(double x0, double x1, String bandLabel) {
        return band(x0, x1, bandLabel, "#ececec");
    }

    /** A band of another colour (an outage). */
    Chart band(double x0, double x1, String bandLabel, String fill) {
        bands.add(new Band(x0, x1, bandLabel, fill));
        return this;
    }

    /** Moments to mark (actions during the run), each a dashed vertical line with its label. */
    Chart markers(List<Marker> toMark) {
        markers.addAll(toMark);
        return this;
    }

    /**
     * The load generator's own GC pauses, each a black dotted line with its label as a tooltip (no
     * text: there can be twenty), and a legend entry; those outside the time axis are left out.
     */
    Chart pauses(List<Marker> toMark) {
        pauses.addAll(toMark);
        return this;
    }

    /** A legend entry. */
    Chart legend(String entryLabel, LineStyle style) {
        legend.add(new LegendEntry(entryLabel, style));
        return this;
    }

    /** The SVG. */
    String render() {
        int right = y2 == null ? 46 : 84;
        int plotWidth = WIDTH - LEFT - right;
        List<Marker> shownPauses = pauses.stream().filter(p -> p.x() >= x.axis().min() && p.x() <= x.axis().max())
                .toList();
        if (!shownPauses.isEmpty() && legend.stream().noneMatch(e -> e.style() == PAUSE)) {
            legend("GC pause of the load generator", PAUSE);
        }
        List<double[]> legendAt = layoutLegend(WIDTH - LEFT - right);
        int legendRows = legendAt.isEmpty() ? 0 : (int) legendAt.get(legendAt.size() - 1)[1] + 1;
        int top = 14 + legendRows * LEGEND_ROW + 8;
        Frame f = new Frame(LEFT, top, plotWidth, PLOT_HEIGHT);
        Svg svg = new Svg(WIDTH, top + PLOT_HEIGHT + BOTTOM, label);
        svg.open("g", "font-family", "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
                "font-size", "12", "fill", INK);
        svg.open("defs").open("clipPath", "id", id + "-clip")
                .rect(f.left, f.top - 2, f.width, f.height + 4).close("clipPath").close("defs");
        drawLegend(svg, legendAt);
        for (Band band : bands) {
            double x0 = f.px(x.axis(), band.x0());
            double x1 = f.px(x.axis(), band.x1());
            svg.rect(x0, f.top, Math.max(1, x1 - x0), f.height, "fill", band.fill());
            svg.text(x0 + 4, f.top + 14, band.label(), "fill", "#777777", "font-size", "11");
        }
        drawGridAndAxes(svg, f);
        List<Marker> byX = new ArrayList<>(markers);
        byX.sort(java.util.Comparator.comparingDouble(Marker::x));
        double[] xs = new double[byX.size()];
        String[] texts = new String[byX.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = f.px(x.axis(), byX.get(i).x());
            texts[i] = byX.get(i).label();
            svg.line(xs[i], f.top, xs[i], f.top + f.height, "stroke", "#6a1b9a", "stroke-width", "1.5",
                    "stroke-dasharray", "5 3", "class", "event-marker");
        }
        for (Marker p : shownPauses) {
            double px = f.px(x.axis(), p.x());
            svg.open("line", "x1", Svg.num(px), "y1", Svg.num(f.top), "x2", Svg.num(px), "y2",
                    Svg.num(f.top + f.height), "stroke", PAUSE.colour(), "stroke-width", Svg.num(PAUSE.widthPx()),
                    "stroke-dasharray", PAUSE.dash(), "class", "gc-pause-marker").withText("title", p.label()).close("line");
        }
        for (LabelAt at : markerLabels(xs, texts, f.left + f.width, f.top + f.height - 6)) {
            svg.text(at.x(), at.y(), at.text(), "fill", "#6a1b9a", "font-size", "11", "text-anchor",
                    at.endAnchored() ? "end" : "start");
        }
        svg.open("g", "clip-path", "url(#" + id + "-clip)", "fill", "none");
        // Markers on every line or on none: a line with one point more should not look different.
        boolean markers = lines.stream().mapToInt(l -> l.xs().length).max().orElse(0) <= MARKERS_UP_TO;
        for (Line line : lines) {
            drawLine(svg, f, line, markers);
        }
        svg.close("g");
        svg.rect(f.left, f.top, f.width, f.height, "fill", "none", "stroke", "#999999");
        svg.close("g");
        return svg.toString();
    }

    /** Where a marker's label goes: its anchor point, and whether the text ends there (else starts). */
    record LabelAt(double x, double y, String text, boolean endAnchored) {
    }

    /** Width of a label's character at 11 px (a generous mean for the sans-serif fonts used). */
    private static final double LABEL_CHAR_PX = 6.3;
    /** How far apart stacked labels are. */
    private static final double LABEL_ROW_PX = 14;

    /**
     * Places the markers' labels (x in pixels, ascending) so that none overlaps another: each starts
     * right of its line (or ends left of it when it would pass {@code rightEdge}), on the lowest row
     * from {@code baseline} up where it does not overlap a label placed before. Events 10 s apart
     * on a long run otherwise wrote their labels over each other.
     */
    static List<LabelAt> markerLabels(double[] xs, String[] labels, double rightEdge, double baseline) {
        List<LabelAt> placed = new ArrayList<>();
        List<List<double[]>> rows = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            double width = labels[i].length() * LABEL_CHAR_PX;
            boolean end = xs[i] + 3 + width > rightEdge;
            double from = end ? xs[i] - 3 - width : xs[i] + 3;
            double to = from + width;
            int row = 0;
            while (row < rows.size() && overlaps(rows.get(row), from, to)) {
                row++;
            }
            if (row == rows.size()) {
                rows.add(new ArrayList<>());
            }
            rows.get(row).add(new double[] {from - 4, to + 4});
            placed.add(new LabelAt(end ? xs[i] - 3 : xs[i] + 3, baseline - row * LABEL_ROW_PX, labels[i], end));
        }
        return placed;
    }

    private static boolean overlaps(List<double[]> row, double from, double to) {
        for (double[] taken : row) {
            if (from < taken[1] && taken[0] < to) {
                return true;
            }
        }
        return false;
    }

    private record Frame(double left, double top, double width, double height) {
        double px(Axis a, double v) {
            return left + a.fraction(v) * width;
        }

        double py(Axis a, double v) {
            return top + (1 - a.fraction(v)) * height;
        }
    }

    private void drawGridAndAxes(Svg svg, Frame f) {
        double bottom = f.top() + f.height();
        for (double t : x.axis().ticks()) {
            double px = f.px(x.axis(), t);
            svg.line(px, f.top(), px, bottom, "stroke", GRID);
            svg.line(px, bottom, px, bottom + 5, "stroke", INK);
            svg.text(px, bottom + 19, x.labels().apply(t), "text-anchor", "middle");
        }
        svg.text(f.left() + f.width() / 2, bottom + 42, x.title(), "text-anchor", "middle", "font-weight", "600");
        for (double t : y.axis().ticks()) {
            double py = f.py(y.axis(), t);
            svg.line(f.left(), py, f.left() + f.width(), py, "stroke", GRID);
            svg.line(f.left() - 5, py, f.left(), py, "stroke", INK);
            svg.text(f.left() - 8, py + 4, y.labels().apply(t), "text-anchor", "end");
        }
        verticalTitle(svg, 18, f.top() + f.height() / 2, y.title());
        if (y2 != null) {
            double rightX = f.left() + f.width();
            for (double t : y2.axis().ticks()) {
                double py = f.py(y2.axis(), t);
                svg.line(rightX, py, rightX + 5, py, "stroke", INK);
                svg.text(rightX + 8, py + 4, y2.labels().apply(t), "text-anchor", "start");
            }
            verticalTitle(svg, WIDTH - 14, f.top() + f.height() / 2, y2.title());
        }
    }

    private static void verticalTitle(Svg svg, double cx, double cy, String title) {
        svg.text(cx, cy, title, "text-anchor", "middle", "font-weight", "600",
                "transform", "rotate(-90 " + Svg.num(cx) + " " + Svg.num(cy) + ")");
    }

    private void drawLine(Svg svg, Frame f, Line line, boolean markers) {
        Axis ya = line.right() ? y2.axis() : y.axis();
        StringBuilder d = new StringBuilder();
        List<double[]> points = new ArrayList<>();
        boolean pen = false;
        for (int i = 0; i < line.xs().length; i++) {
            double px = f.px(x.axis(), line.xs()[i]);
            double py = f.py(ya, line.ys()[i]);
            if (!Double.isFinite(px) || !Double.isFinite(py)) {
                pen = false;
                continue;
            }
            d.append(pen ? " L" : (d.isEmpty() ? "M" : " M")).append(Svg.num(px)).append(' ').append(Svg.num(py));
            pen = true;
            points.add(new double[] {px, py});
        }
        if (points.isEmpty()) {
            return;
        }
        LineStyle s = line.style();
        if (line.marks() != Marks.LINE) {
            boolean dots = line.marks() == Marks.DOTS;
            for (double[] p : points) {
                svg.open("circle", "cx", Svg.num(p[0]), "cy", Svg.num(p[1]), "r", Svg.num(dots ? s.widthPx()
                        : s.widthPx() + 3), "fill", dots ? s.colour() : "none", "stroke", dots ? "#ffffff"
                        : s.colour(), "stroke-width", dots ? "1" : "1.5")
                        .withText("title", line.tooltip()).close("circle");
            }
            return;
        }
        List<String> attrs = new ArrayList<>(List.of("stroke", s.colour(), "stroke-width", Svg.num(s.widthPx()),
                "stroke-linejoin", "round", "stroke-linecap", "round"));
        if (!s.dash().isEmpty()) {
            attrs.addAll(List.of("stroke-dasharray", s.dash()));
        }
        svg.path(d.toString(), line.tooltip(), attrs.toArray(String[]::new));
        if (markers || points.size() == 1) {
            for (double[] p : points) {
                svg.empty("circle", "cx", Svg.num(p[0]), "cy", Svg.num(p[1]), "r", Svg.num(1 + s.widthPx()),
                        "fill", s.colour());
            }
        }
    }

    // Entries flow left to right and wrap; each position is {x, row}.
    private List<double[]> layoutLegend(int available) {
        List<double[]> at = new ArrayList<>();
        double cursor = 0;
        int row = 0;
        for (LegendEntry e : legend) {
            double width = 34 + textWidth(e.label()) + 22;
            if (cursor > 0 && cursor + width > available) {
                cursor = 0;
                row++;
            }
            at.add(new double[] {cursor, row});
            cursor += width;
        }
        return at;
    }

    private void drawLegend(Svg svg, List<double[]> at) {
        for (int i = 0; i < legend.size(); i++) {
            LegendEntry e = legend.get(i);
            double lx = LEFT + at.get(i)[0];
            double ly = 14 + at.get(i)[1] * LEGEND_ROW;
            LineStyle s = e.style();
            List<String> attrs = new ArrayList<>(List.of("stroke", s.colour(), "stroke-width",
                    Svg.num(Math.max(2, s.widthPx())), "stroke-linecap", "round"));
            if (!s.dash().isEmpty()) {
                attrs.addAll(List.of("stroke-dasharray", s.dash()));
            }
            svg.line(lx, ly, lx + 28, ly, attrs.toArray(String[]::new));
            svg.text(lx + 34, ly + 4, e.label());
        }
    }

    // No font metrics without a browser: an average glyph width of a 12 px sans-serif face.
    private static double textWidth(String s) {
        return s.length() * 6.8;
    }
}
