package org.openmark.benchmarks;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openmark.api.Status;
import org.openmark.measure.Channel;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.Measurements;
import org.openmark.metrics.RunFacts;
import org.openmark.metrics.RunMetrics;

/**
 * What live metrics cost the load process: applying one interval to the metrics (once per
 * {@code --granularity}, on the collector's thread) and serving one scrape in Prometheus's text
 * format and in protobuf (on the endpoint's thread). Each interval holds workload A's channels
 * (READ and UPDATE, OK, response and service) and the send lag, filled with {@code opsPerInterval}
 * log-normally spread latencies (median 1 ms, 3 decades wide), as {@link MergeBenchmark}'s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MetricsBenchmark {
    @Param({"10000", "1000000"})
    int opsPerInterval;

    private IntervalSnapshot interval;
    private RunMetrics metrics;
    private ExpositionFormats formats;
    private long elapsedMillis;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(1);
        Map<Channel, Histogram> response = new TreeMap<>();
        Map<Channel, Histogram> service = new TreeMap<>();
        for (String op : List.of("READ", "UPDATE")) {
            response.put(new Channel(op, Status.OK, false), filled(random, opsPerInterval / 2, 1000));
            service.put(new Channel(op, Status.OK, false), filled(random, opsPerInterval / 2, 800));
        }
        interval = new IntervalSnapshot(0, 1000, response, service, filled(random, opsPerInterval, 50),
                opsPerInterval);
        metrics = new RunMetrics();
        metrics.phaseStarted(new RunFacts("run", "noop", 1, "open", false, 0, s -> 1000, 0, 0, 0.001, 0.01));
        metrics.interval(RunMetrics.RUN, interval, 1, 0, false);
        formats = ExpositionFormats.init();
    }

    private static Histogram filled(SplittableRandom random, int n, double medianMicros) {
        Histogram h = Measurements.newHistogram();
        for (int i = 0; i < n; i++) {
            h.recordValue(Math.max(1, Math.round(medianMicros * Math.exp(random.nextGaussian() * 1.5))));
        }
        return h;
    }

    /** One interval applied to the metrics (counters, histograms, percentile gauges, verdicts). */
    @Benchmark
    public void interval() {
        elapsedMillis += 1000;
        metrics.interval(RunMetrics.RUN, interval, elapsedMillis / 1000.0, 0, false);
    }

    /** One scrape in Prometheus's text format (what a scraper without native histograms asks for). */
    @Benchmark
    public void scrapeText() throws IOException {
        formats.getPrometheusTextFormatWriter().write(OutputStream.nullOutputStream(), metrics.registry().scrape(),
                EscapingScheme.ALLOW_UTF8);
    }

    /** One scrape in protobuf (Prometheus with native histograms). */
    @Benchmark
    public void scrapeProtobuf() throws IOException {
        formats.getPrometheusProtobufWriter().write(OutputStream.nullOutputStream(), metrics.registry().scrape(),
                EscapingScheme.ALLOW_UTF8);
    }
}
