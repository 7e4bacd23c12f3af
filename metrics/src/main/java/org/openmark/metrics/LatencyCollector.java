package org.openmark.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Channel;

/**
 * The response-time and service-time histograms ({@code openmark_response_time_seconds},
 * {@code openmark_service_time_seconds}) per worker, operation and status, added up from the
 * measured intervals (as result.json's histograms are: the warm-up's are left out, so each
 * series' count is its {@code openmark_operations_total}). Intervals are added on the collector's
 * thread, scrapes read on the server's: both under this object's lock, each brief.
 */
final class LatencyCollector implements MultiCollector {
    static final String RESPONSE = "openmark_response_time_seconds";
    static final String SERVICE = "openmark_service_time_seconds";

    /** Key: worker, op, status (the label values, in the label names' order). */
    private final Map<List<String>, LatencyBuckets> response = new TreeMap<>(LatencyCollector::compare);
    private final Map<List<String>, LatencyBuckets> service = new TreeMap<>(LatencyCollector::compare);

    synchronized void add(String worker, Map<Channel, Histogram> responseMicros, Map<Channel, Histogram> serviceMicros) {
        responseMicros.forEach((c, h) -> response.computeIfAbsent(key(worker, c), k -> new LatencyBuckets()).add(h));
        serviceMicros.forEach((c, h) -> service.computeIfAbsent(key(worker, c), k -> new LatencyBuckets()).add(h));
    }

    private static List<String> key(String worker, Channel c) {
        return List.of(worker, c.op(), RunMetrics.status(c.status()));
    }

    @Override
    public synchronized MetricSnapshots collect() {
        return MetricSnapshots.of(
                snapshot(RESPONSE, "Response time of ended operations, from the intended start (the schedule's"
                        + " time) to the answer: what a user of the store waits", response),
                snapshot(SERVICE, "Service time of ended operations, from the actual send to the answer: the"
                        + " store's own time", service));
    }

    private static HistogramSnapshot snapshot(String name, String help, Map<List<String>, LatencyBuckets> series) {
        List<HistogramDataPointSnapshot> points = new ArrayList<>();
        series.forEach((k, b) -> points.add(b.snapshot(Labels.of("worker", k.get(0), "op", k.get(1), "status",
                k.get(2)))));
        return new HistogramSnapshot(new MetricMetadata(name, help, Unit.SECONDS), points);
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of(RESPONSE, SERVICE);
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
