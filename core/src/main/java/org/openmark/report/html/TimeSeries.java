package org.openmark.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The rows of timeseries.csv grouped for plotting: per operation, per interval, and the shared time
 * axis. The run's last interval, when cut short by its end to less than half the usual length, is
 * left out (as {@code compare} leaves it out): a handful of operations in a few milliseconds drawn as
 * a whole interval is a rate no interval had, and its dip or spike is the end of the run, not the
 * store; {@link #partialTailSeconds} says how long it was, so the page can say it.
 */
final class TimeSeries {
    private final Map<String, List<TimeSeriesRow>> byOperation = new LinkedHashMap<>();
    private final TreeMap<Double, List<TimeSeriesRow>> byInterval = new TreeMap<>();
    private final double warmUpEndSeconds;
    private final double partialTailSeconds;

    /** Groups {@code rows}; operations named in {@code order} come first, in that order. */
    TimeSeries(List<TimeSeriesRow> rows, List<String> order) {
        for (String op : order) {
            byOperation.put(op, new ArrayList<>());
        }
        double tail = partialTail(rows);
        double lastEnd = rows.stream().mapToDouble(TimeSeriesRow::elapsedSeconds).max().orElse(0);
        if (tail > 0) {
            rows = rows.stream().filter(r -> r.elapsedSeconds() < lastEnd).toList();
        }
        this.partialTailSeconds = tail;
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

    /**
     * The length of the run's last interval when it is shorter than half the usual (the median)
     * interval length, else 0.
     */
    static double partialTail(List<TimeSeriesRow> rows) {
        java.util.TreeSet<Double> ends = new java.util.TreeSet<>();
        rows.forEach(r -> ends.add(r.elapsedSeconds()));
        if (ends.size() < 3) {
            return 0;
        }
        List<Double> lengths = new ArrayList<>();
        double previous = 0;
        for (double end : ends) {
            lengths.add(end - previous);
            previous = end;
        }
        double last = lengths.get(lengths.size() - 1);
        List<Double> sorted = new ArrayList<>(lengths);
        java.util.Collections.sort(sorted);
        double usual = sorted.get(sorted.size() / 2);
        return last < usual / 2 ? last : 0;
    }

    /** The length of the last interval left out, cut short by the run's end; 0 when none was. */
    double partialTailSeconds() {
        return partialTailSeconds;
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
