package org.openmark.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** The rows of timeseries.csv grouped for plotting: per operation, per interval, and the shared time axis. */
final class TimeSeries {
    private final Map<String, List<TimeSeriesRow>> byOperation = new LinkedHashMap<>();
    private final TreeMap<Double, List<TimeSeriesRow>> byInterval = new TreeMap<>();
    private final double warmUpEndSeconds;

    /** Groups {@code rows}; operations named in {@code order} come first, in that order. */
    TimeSeries(List<TimeSeriesRow> rows, List<String> order) {
        for (String op : order) {
            byOperation.put(op, new ArrayList<>());
        }
        double warmUpEnd = 0;
        for (TimeSeriesRow r : rows) {
            byOperation.computeIfAbsent(r.operation(), k -> new ArrayList<>()).add(r);
            byInterval.computeIfAbsent(r.elapsedSeconds(), k -> new ArrayList<>()).add(r);
            if (r.warmUp()) {
                warmUpEnd = Math.max(warmUpEnd, r.elapsedSeconds());
            }
        }
        byOperation.values().removeIf(List::isEmpty);
        this.warmUpEndSeconds = warmUpEnd;
    }

    /** The operations with at least one row. */
    List<String> operations() {
        return List.copyOf(byOperation.keySet());
    }

    /** True when there is nothing to plot. */
    boolean isEmpty() {
        return byInterval.isEmpty();
    }

    /** End of the last warm-up interval in seconds, 0 without warm-up. */
    double warmUpEndSeconds() {
        return warmUpEndSeconds;
    }

    /** The elapsed-time axis from 0 to the last interval. */
    Chart.AxisSpec timeAxis() {
        double last = byInterval.isEmpty() ? 1 : byInterval.lastKey();
        Axis axis = Axis.time(0, last, 9);
        boolean clock = axis.max() >= 180;
        String title = !clock ? "elapsed time" : axis.max() >= 3600 ? "elapsed time (h:mm:ss)" : "elapsed time (m:ss)";
        return new Chart.AxisSpec(axis, s -> Units.elapsed(s, clock), title);
    }

    /** The rows of {@code op}, in file order. */
    List<TimeSeriesRow> rows(String op) {
        return List.copyOf(byOperation.get(op));
    }

    /** Elapsed seconds of {@code op}'s rows. */
    double[] elapsed(String op) {
        return byOperation.get(op).stream().mapToDouble(TimeSeriesRow::elapsedSeconds).toArray();
    }

    /** One figure of {@code op}'s rows. */
    double[] values(String op, ToDoubleFunction<TimeSeriesRow> f) {
        return byOperation.get(op).stream().mapToDouble(f).toArray();
    }

    /** The end of every interval, ascending. */
    double[] intervalEnds() {
        return byInterval.keySet().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Per interval: the sum of {@code f} over its rows. */
    double[] intervalSums(ToDoubleFunction<TimeSeriesRow> f) {
        return byInterval.values().stream().mapToDouble(rs -> rs.stream().mapToDouble(f).sum()).toArray();
    }

    /** Per interval: {@code f} of its first row (for figures shared by the interval's rows). */
    double[] intervalShared(ToDoubleFunction<TimeSeriesRow> f) {
        return byInterval.values().stream().mapToDouble(rs -> f.applyAsDouble(rs.get(0))).toArray();
    }
}
