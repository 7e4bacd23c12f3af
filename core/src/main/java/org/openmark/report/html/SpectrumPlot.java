package org.openmark.report.html;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The percentile spectrum of every operation: x is the percentile on a log scale of
 * 1/(1−p) (0 %, 90 %, 99 %, 99.9 %…), y the latency on a log scale. Response time is solid;
 * service time, when shown, is dashed in the same colour, so the gap between them is the
 * time requests spent queued behind their intended start.
 */
final class SpectrumPlot {
    /** Highest decade of the x axis: 99.999999 %. */
    private static final int MAX_DECADES = 8;

    /** The histograms of one operation (all statuses merged). */
    record Operation(String name, Histogram response, Histogram service) {
    }

    private SpectrumPlot() {
    }

    /** One line of a spectrum: its histogram and how it is drawn. */
    record Series(String label, Histogram latency, LineStyle style) {
    }

    /** The SVG, or null when no operation recorded anything. */
    static String render(List<Operation> ops, boolean showService, Palette palette) {
        List<Series> lines = new java.util.ArrayList<>();
        for (Operation op : ops) {
            String colour = palette.colour(op.name());
            lines.add(new Series(op.name() + " response time", op.response(), LineStyle.solid(colour, 2)));
            if (showService) {
                lines.add(new Series(op.name() + " service time", op.service(), LineStyle.dashed(colour, 1.5)));
            }
        }
        return render("spectrum", "Percentile spectrum of the latency of each operation", lines);
    }

    /** A spectrum of the given lines, or null when none recorded anything; {@code id} is unique in the page. */
    static String render(String id, String title, List<Series> lines) {
        long maxCount = 0;
        double minUs = Double.MAX_VALUE;
        double maxUs = 0;
        for (Series line : lines) {
            Histogram h = line.latency();
            if (h.getTotalCount() > 0) {
                maxCount = Math.max(maxCount, h.getTotalCount());
                minUs = Math.min(minUs, clamp(h.getMinValue()));
                maxUs = Math.max(maxUs, clamp(h.getMaxValue()));
            }
        }
        if (maxCount == 0) {
            return null;
        }
        int decades = (int) Math.min(MAX_DECADES, Math.max(2, Math.ceil(Math.log10(maxCount))));
        double xMax = Math.pow(10, decades);
        Chart chart = new Chart(id, title,
                new Chart.AxisSpec(Axis.logDecades(1, xMax), Units::percentileOfInverseTail, "percentile"),
                new Chart.AxisSpec(Axis.log(minUs, maxUs), Units::durationUs, "latency"));
        for (Series line : lines) {
            add(chart, line.latency(), xMax, line.style(), line.label());
        }
        return chart.render();
    }

    /** Position of {@code percentile} on the x axis: 1/(1−p), the 100th percentile drawn at the axis end. */
    static double inverseTail(double percentile, double xMax) {
        double tail = 1 - percentile / 100;
        return tail <= 1 / xMax ? xMax : 1 / tail;
    }

    private static void add(Chart chart, Histogram h, double xMax, LineStyle style, String label) {
        if (h.getTotalCount() == 0) {
            return;
        }
        List<Spectrum.Point> points = Spectrum.of(h);
        double[] xs = new double[points.size()];
        double[] ys = new double[points.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = inverseTail(points.get(i).percentile(), xMax);
            ys[i] = clamp(points.get(i).valueUs());
        }
        chart.line(xs, ys, style, false, label).legend(label, style);
    }

    // A log axis has no zero: sub-microsecond latencies are drawn at 1 µs.
    private static double clamp(double us) {
        return Math.max(1, us);
    }
}
