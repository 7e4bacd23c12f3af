package org.openmark.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.openmark.api.Status;
import org.openmark.consistency.StalenessProgress;

/**
 * A staleness measurement's live figures ({@code bin/openmark staleness --metrics}), taken from its
 * counts at each scrape ({@link StalenessProgress}): nothing is added to the probes' path. Offsets
 * are labelled in seconds ({@code offset_seconds="0.005"} for the 5 ms probe), so
 * {@code openmark_staleness_consistent_reads_total / openmark_staleness_probe_reads_total} is the
 * measured P(consistent read) at each offset so far, and its {@code rate()} over a window is the
 * figure of that window.
 */
final class StalenessCollector implements MultiCollector {
    static final String WRITES = "openmark_staleness_writes";
    static final String PROBES = "openmark_staleness_probe_reads";
    static final String CONSISTENT = "openmark_staleness_consistent_reads";
    static final String FAILED = "openmark_staleness_failed_requests";
    static final String RATIO = "openmark_staleness_consistent_ratio";

    private final Supplier<StalenessProgress> progress;

    StalenessCollector(Supplier<StalenessProgress> progress) {
        this.progress = progress;
    }

    @Override
    public MetricSnapshots collect() {
        StalenessProgress p = progress.get();
        CounterSnapshot.Builder probes = CounterSnapshot.builder().name(PROBES)
                .help("Probe reads that answered (found the key or not), by offset after the write's acknowledgement");
        CounterSnapshot.Builder consistent = CounterSnapshot.builder().name(CONSISTENT)
                .help("Probe reads that saw their write or a newer one, by offset after the write's acknowledgement");
        GaugeSnapshot.Builder ratio = GaugeSnapshot.builder().name(RATIO)
                .help("P(consistent read) measured so far at each offset: consistent reads / probe reads (NaN before"
                        + " the first)");
        for (Map.Entry<Double, Long> e : new TreeMap<>(p.probedAt()).entrySet()) {
            Labels offset = Labels.of("offset_seconds", seconds(e.getKey()));
            long n = e.getValue();
            long ok = p.consistentAt().getOrDefault(e.getKey(), 0L);
            probes.dataPoint(CounterDataPointSnapshot.builder().value(n).labels(offset).build());
            consistent.dataPoint(CounterDataPointSnapshot.builder().value(ok).labels(offset).build());
            ratio.dataPoint(GaugeDataPointSnapshot.builder().value(n == 0 ? Double.NaN : (double) ok / n)
                    .labels(offset).build());
        }
        CounterSnapshot.Builder failed = CounterSnapshot.builder().name(FAILED)
                .help("Failed writes and probe reads, by request and status (the measurement's error budget counts"
                        + " them)");
        failures(failed, "write", p.failedWrites());
        failures(failed, "read", p.failedReads());
        return MetricSnapshots.of(
                CounterSnapshot.builder().name(WRITES).help("Writes the store acknowledged, each probed at every offset")
                        .dataPoint(CounterDataPointSnapshot.builder().value(p.writes()).build()).build(),
                probes.build(), consistent.build(), ratio.build(), failed.build());
    }

    private static void failures(CounterSnapshot.Builder b, String request, Map<Status, Long> byStatus) {
        new TreeMap<>(byStatus).forEach((s, n) -> b.dataPoint(CounterDataPointSnapshot.builder().value(n)
                .labels(Labels.of("request", request, "status", RunMetrics.status(s))).build()));
    }

    /** An offset in milliseconds as seconds, in plain decimal: 5 → {@code 0.005}, 0 → {@code 0}. */
    static String seconds(double ms) {
        BigDecimal s = BigDecimal.valueOf(ms).movePointLeft(3).stripTrailingZeros();
        return s.signum() == 0 ? "0" : s.toPlainString();
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of(WRITES, PROBES, CONSISTENT, FAILED, RATIO);
    }
}
