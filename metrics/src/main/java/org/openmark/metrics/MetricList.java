package org.openmark.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Label;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.StateSetSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;

/**
 * The metric list of docs/metrics.md, made from what {@link RunMetrics} serves after one interval:
 * every openmark family with its type, labels and help (the JVM's are the library's, listed by it).
 */
public final class MetricList {
    private MetricList() {
    }

    /** The list as a Markdown table. */
    public static String markdown() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(new RunFacts("run", "memory", 1, "open", false, 0, s -> 1000, 0, 10, 0.001, 0.01));
        Map<Channel, Histogram> response = new TreeMap<>();
        Histogram h = Measurements.newHistogram();
        h.recordValue(100);
        response.put(new Channel("READ", Status.OK, false), h);
        m.interval(RunMetrics.RUN, new IntervalSnapshot(0, 1000, response, response, h, 1), 1, 0, true);
        m.interval(RunMetrics.RUN, new IntervalSnapshot(1000, 2000, response, response, h, 1), 2, 0, false);
        m.event(1, "echo", 1.5, false);
        m.event(1, "echo", 1.6, true);
        m.watchStaleness(() -> new org.openmark.consistency.StalenessProgress(10, 20, 3, Map.of(0.0, 10L, 5.0, 10L),
                Map.of(0.0, 7L, 5.0, 10L), Map.of(Status.TIMEOUT, 1L), Map.of()));
        StringBuilder b = new StringBuilder("| metric | type | labels | what it is |\n| --- | --- | --- | --- |\n");
        List<String> rows = new ArrayList<>();
        for (MetricSnapshot s : m.registry().scrape()) {
            String name = s.getMetadata().getPrometheusName();
            if (!name.startsWith("openmark_")) {
                continue;
            }
            rows.add("| `" + exposed(s) + "` | " + type(s) + " | " + labels(s) + " | "
                    + s.getMetadata().getHelp().replace("|", "\\|") + " |\n");
        }
        rows.sort(null);
        rows.forEach(b::append);
        return b.toString();
    }

    private static String exposed(MetricSnapshot s) {
        String name = s.getMetadata().getPrometheusName();
        return switch (s) {
            case CounterSnapshot c -> name + "_total";
            case InfoSnapshot i -> name + "_info";
            default -> name;
        };
    }

    private static String type(MetricSnapshot s) {
        return switch (s) {
            case CounterSnapshot c -> "counter";
            case GaugeSnapshot g -> "gauge";
            case HistogramSnapshot h -> "histogram (native, and classic `_bucket`)";
            case InfoSnapshot i -> "info";
            case StateSetSnapshot st -> "state set";
            default -> s.getClass().getSimpleName();
        };
    }

    private static String labels(MetricSnapshot s) {
        TreeSet<String> names = new TreeSet<>();
        for (DataPointSnapshot p : s.getDataPoints()) {
            for (Label l : p.getLabels()) {
                names.add(l.getName());
            }
        }
        if (s instanceof StateSetSnapshot) {
            names.add(s.getMetadata().getPrometheusName());
        }
        return names.isEmpty() ? "" : "`" + String.join("`, `", names) + "`";
    }
}
