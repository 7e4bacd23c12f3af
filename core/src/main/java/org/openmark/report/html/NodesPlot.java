package org.openmark.report.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests answered per node over time, from {@code nodes.csv} (a run with {@code --event} against a
 * store that tells its nodes apart): the client's view of a membership change, one line per node,
 * with the actions marked. A node that joins shows as a line that starts from zero; the cluster's
 * view (gossip's states, the table's size per node) is in the file and in each event's sentence.
 */
final class NodesPlot {
    /** One node's requests per second at the end of each interval. */
    record Series(String node, List<double[]> points) {
    }

    private NodesPlot() {
    }

    /** The series of {@code dir/nodes.csv}, in the order the nodes first appear; empty when there is no file. */
    static List<Series> read(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return List.of();
        }
        Map<String, List<double[]>> byNode = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(csv);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] f = line.split(",", -1);
            if (f.length < 6 || f[4].isEmpty()) {
                continue; // the first interval has no rate yet
            }
            try {
                byNode.computeIfAbsent(f[1], k -> new ArrayList<>())
                        .add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[4])});
            } catch (NumberFormatException e) {
                // a line openmark did not write: left out
            }
        }
        List<Series> series = new ArrayList<>();
        byNode.forEach((n, p) -> series.add(new Series(n, p)));
        return series;
    }

    /** The SVG on the run's time axis, with the actions and the load generator's own GC pauses marked. */
    static String render(TimeSeries ts, List<Series> nodes, List<Chart.Marker> events, List<Chart.Marker> pauses) {
        double max = 0;
        for (Series s : nodes) {
            for (double[] p : s.points()) {
                max = Math.max(max, p[1]);
            }
        }
        Chart chart = new Chart("nodes", "Requests answered per node over time", ts.timeAxis(),
                new Chart.AxisSpec(Axis.linear(0, Math.max(5, max), 6), Units::compact, "requests answered (/s)"));
        if (ts.warmUpEndSeconds() > 0) {
            chart.band(0, ts.warmUpEndSeconds(), "warm-up");
        }
        chart.markers(events).pauses(pauses);
        Palette palette = new Palette();
        for (Series s : nodes) {
            double[] xs = s.points().stream().mapToDouble(p -> p[0]).toArray();
            double[] ys = s.points().stream().mapToDouble(p -> p[1]).toArray();
            LineStyle style = LineStyle.solid(palette.colour(s.node()), 2);
            chart.line(xs, ys, style, false, "node " + s.node() + ", requests/s");
            chart.legend("node " + s.node(), style);
        }
        return chart.render();
    }
}
