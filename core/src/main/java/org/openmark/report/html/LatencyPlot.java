package org.openmark.report.html;

import java.util.function.ToLongFunction;

/**
 * Response time over time: p50, p99 and max of every operation per status interval on a log
 * scale, the warm-up shaded; for the open model also the send-lag p99, which shows when the
 * load generator itself fell behind.
 */
final class LatencyPlot {
    static final LineStyle P50 = LineStyle.solid("#777777", 1.5);
    static final LineStyle P99 = LineStyle.dashed("#777777", 2);
    static final LineStyle MAX = LineStyle.dotted("#777777", 1.5);
    static final LineStyle SEND_LAG = LineStyle.solid("#bbbbbb", 3);

    private LatencyPlot() {
    }

    /** The SVG, or null when no interval recorded a latency. */
    static String render(TimeSeries ts, boolean showSendLag, Palette palette) {
        return render(ts, showSendLag, palette, java.util.List.of(), java.util.List.of());
    }

    /** The SVG, with actions during the run and the load generator's own GC pauses marked. */
    static String render(TimeSeries ts, boolean showSendLag, Palette palette, java.util.List<Chart.Marker> events,
            java.util.List<Chart.Marker> pauses) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (String op : ts.operations()) {
            for (TimeSeriesRow r : ts.rows(op)) {
                if (r.opsPerSecond() > 0) {
                    min = Math.min(min, Math.max(1, r.p50Us()));
                    max = Math.max(max, Math.max(1, r.maxUs()));
                }
            }
        }
        double[] lag = ts.intervalShared(r -> r.sendLagP99Us() > 0 ? r.sendLagP99Us() : Double.NaN);
        boolean lagShown = false;
        if (showSendLag) {
            for (double v : lag) {
                if (v > 0) {
                    lagShown = true;
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (!(max > 0)) {
            return null;
        }
        Chart chart = new Chart("latency", "Response time per operation over time",
                ts.timeAxis(), new Chart.AxisSpec(Axis.log(min, Math.max(min, max)), Units::durationUs,
                        "response time"));
        if (ts.warmUpEndSeconds() > 0) {
            chart.band(0, ts.warmUpEndSeconds(), "warm-up");
        }
        chart.markers(events).pauses(pauses);
        if (lagShown) {
            chart.line(ts.intervalEnds(), lag, SEND_LAG, false, "send-lag p99 (load generator)");
        }
        for (String op : ts.operations()) {
            String colour = palette.colour(op);
            line(chart, ts, op, TimeSeriesRow::maxUs, new LineStyle(colour, MAX.widthPx(), MAX.dash()), "max");
            line(chart, ts, op, TimeSeriesRow::p99Us, new LineStyle(colour, P99.widthPx(), P99.dash()), "p99");
            line(chart, ts, op, TimeSeriesRow::p50Us, new LineStyle(colour, P50.widthPx(), P50.dash()), "p50");
            chart.legend(op, LineStyle.solid(colour, 3));
        }
        chart.legend("p50", P50).legend("p99", P99).legend("max", MAX);
        if (lagShown) {
            chart.legend("send-lag p99 (load generator)", SEND_LAG);
        }
        return chart.render();
    }

    private static void line(Chart chart, TimeSeries ts, String op, ToLongFunction<TimeSeriesRow> f, LineStyle style,
            String what) {
        double[] ys = ts.values(op, r -> r.opsPerSecond() > 0 ? Math.max(1, f.applyAsLong(r)) : Double.NaN);
        chart.line(ts.elapsed(op), ys, style, false, op + " " + what);
    }
}
