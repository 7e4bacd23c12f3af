package org.openmark.report.html;

/**
 * Throughput over time: completions per second of every operation (and their total when
 * there are several) on the left axis, failed completions per second when there are any,
 * operations in flight on the right; warm-up shaded grey, the store's outages red.
 */
final class ThroughputPlot {
    static final LineStyle TOTAL = LineStyle.solid("#333333", 1.5);
    static final LineStyle IN_FLIGHT = LineStyle.dashed("#999999", 1.5);
    static final LineStyle FAILED = LineStyle.solid("#c62828", 2);

    /** A stretch in which the store failed, and how the plot labels it. */
    record OutageBand(double fromSeconds, double toSeconds, String label) {
    }

    private ThroughputPlot() {
    }

    /** The SVG. */
    static String render(TimeSeries ts, Palette palette, java.util.List<OutageBand> outages) {
        return render(ts, palette, outages, java.util.List.of(), java.util.List.of());
    }

    /** The SVG, with actions during the run and the load generator's own GC pauses marked. */
    static String render(TimeSeries ts, Palette palette, java.util.List<OutageBand> outages,
            java.util.List<Chart.Marker> events, java.util.List<Chart.Marker> pauses) {
        double[] total = ts.intervalSums(TimeSeriesRow::opsPerSecond);
        double[] inFlight = ts.intervalShared(TimeSeriesRow::inFlight);
        double maxRate = 0;
        for (double v : total) {
            maxRate = Math.max(maxRate, v);
        }
        // At least 0..5, so the in-flight axis (a count) never ticks at fractions.
        double maxInFlight = 0;
        for (double v : inFlight) {
            maxInFlight = Math.max(maxInFlight, v);
        }
        Chart chart = new Chart("throughput", "Throughput per operation and operations in flight over time",
                ts.timeAxis(), new Chart.AxisSpec(Axis.linear(0, maxRate, 6), Units::compact, "throughput (ops/s)"))
                .rightAxis(new Chart.AxisSpec(Axis.linear(0, Math.max(5, maxInFlight), 5), Units::compact,
                        "in flight"));
        if (ts.warmUpEndSeconds() > 0) {
            chart.band(0, ts.warmUpEndSeconds(), "warm-up");
        }
        for (OutageBand o : outages) {
            chart.band(o.fromSeconds(), o.toSeconds(), o.label(), "#fde0dc");
        }
        chart.markers(events).pauses(pauses);
        double[] failed = ts.intervalSums(TimeSeriesRow::failedPerSecond);
        boolean anyFailed = java.util.Arrays.stream(failed).anyMatch(v -> v > 0);
        if (anyFailed) {
            chart.line(ts.intervalEnds(), failed, FAILED, false, "failed operations per second");
        }
        chart.line(ts.intervalEnds(), inFlight, IN_FLIGHT, true, "operations in flight");
        boolean several = ts.operations().size() > 1;
        if (several) {
            chart.line(ts.intervalEnds(), total, TOTAL, false, "all operations, ops/s");
        }
        for (String op : ts.operations()) {
            LineStyle style = LineStyle.solid(palette.colour(op), 2);
            chart.line(ts.elapsed(op), ts.values(op, TimeSeriesRow::opsPerSecond), style, false, op + " ops/s");
            chart.legend(op, style);
        }
        if (several) {
            chart.legend("all operations", TOTAL);
        }
        if (anyFailed) {
            chart.legend("failed (not OK, not NOT_FOUND)", FAILED);
        }
        chart.legend("in flight (right axis)", IN_FLIGHT);
        return chart.render();
    }
}
