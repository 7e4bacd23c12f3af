package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Status;
import org.openmark.config.Settings;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.output.IntervalSink;
import org.openmark.run.OpResult;
import org.openmark.run.Phase;
import org.openmark.run.PhaseHooks;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.Workloads;

/**
 * The sink on a real phase, in virtual time, against the phase's own result: the hard case of
 * bursty arrivals near the simulated store's throughput limit, whose primary freezes for two
 * seconds mid-run (operations outstanding, none completing), at a coarse and a fine granularity.
 */
class MetricsSinkTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** Keeps every interval the collector hands out. */
    private static final class Recorder implements IntervalSink {
        final List<IntervalSnapshot> intervals = new ArrayList<>();

        @Override
        public void interval(IntervalSnapshot s, double elapsedSeconds, long inFlight, boolean warmUp) {
            intervals.add(s);
        }

        @Override
        public void close() {
        }
    }

    @ParameterizedTest(name = "granularity {0}")
    @ValueSource(strings = {"100ms", "2s"})
    void phase_burstyNearSaturationWithAFreeze_countersAreTheResultsCounts(String granularity) throws Exception {
        Timing timing = Timing.virtual();
        RunConfig cfg = RunConfigParser.parse(Phase.RUN, Settings.of(Map.ofEntries(Map.entry("store", "sim"),
                Map.entry("sim.latency", "1ms"), Map.entry("sim.maxthroughput", "2000"),
                Map.entry("sim.hiccups", "4s:2s"), Map.entry("rate", "1900"), Map.entry("arrival", "pareto:1.5"),
                Map.entry("duration", "8s"), Map.entry("warmup", "1s"), Map.entry("seed", "11"),
                Map.entry("recordcount", "500"), Map.entry("time", "virtual"),
                Map.entry("timeseries.granularity", granularity))), null, true);
        RunMetrics metrics = new RunMetrics();
        Recorder recorder = new Recorder();
        Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, timing.clock(), timing.tasks(),
                new StopSignal(), QUIET);
        RunResult result = runner.execute(cfg, new PhaseHooks(List.of(new MetricsSink(metrics, RunFacts.of("run",
                cfg)), recorder), () -> { }));
        metrics.phaseEnded(result.valid(), result.valid(), result.schedule().scheduledRate());
        Scrape s = Scrape.of(metrics.registry());

        long total = 0;
        for (OpResult op : result.operations()) {
            for (Map.Entry<Status, Long> e : op.statuses().entrySet()) {
                String labels = "op=\"" + op.name() + "\",status=\"" + RunMetrics.status(e.getKey()) + "\",worker=\"\"";
                assertEquals((double) e.getValue(), s.value("openmark_operations_total{" + labels + "}"), labels);
                assertEquals((double) e.getValue(), s.value("openmark_response_time_seconds_count{" + labels + "}"), labels);
                total += e.getValue();
            }
        }
        assertTrue(total > 10_000, "ran " + total);
        assertEquals(result.accounting().issued(), s.value("openmark_issued_operations_total{worker=\"\"}"));
        assertEquals(result.accounting().warmUp(), sum(s, "openmark_warmup_operations_total"));
        IntervalSnapshot last = recorder.intervals.get(recorder.intervals.size() - 1);
        for (Map.Entry<String, Histogram> e : last.responseByOperation().entrySet()) {
            if (e.getValue().getTotalCount() > 0) {
                assertEquals(e.getValue().getValueAtPercentile(99) / 1e6, s.value(
                        "openmark_interval_response_time_seconds{op=\"" + e.getKey() + "\",percentile=\"99\",worker=\"\"}"));
            }
        }
        assertEquals(result.schedule().scheduledRate(), s.value("openmark_scheduled_rate_operations_per_second"));
        assertEquals(1, s.value("openmark_phase{openmark_phase=\"done\"}"));
    }

    @ParameterizedTest(name = "on-overload {0}")
    @ValueSource(strings = {"wait", "drop"})
    void phase_overloadedInFlightBound_slotWaitsAndDropsAreTheSchedulesCounts(String policy) throws Exception {
        Timing timing = Timing.virtual();
        RunConfig cfg = RunConfigParser.parse(Phase.RUN, Settings.of(Map.ofEntries(Map.entry("store", "sim"),
                Map.entry("sim.latency", "2ms"), Map.entry("rate", "3000"), Map.entry("arrival", "poisson"),
                Map.entry("maxinflight", "4"), Map.entry("onoverload", policy), Map.entry("duration", "4s"),
                Map.entry("seed", "3"), Map.entry("recordcount", "200"), Map.entry("time", "virtual"))), null, true);
        RunMetrics metrics = new RunMetrics();
        RunResult result = new Runner(StoreRegistry.discover(), Workloads::create, timing.clock(), timing.tasks(),
                new StopSignal(), QUIET).execute(cfg, new PhaseHooks(List.of(new MetricsSink(metrics,
                        RunFacts.of("run", cfg))), () -> { }));
        Scrape s = Scrape.of(metrics.registry());
        // 4 in flight of 2 ms each serve at most 2000/s of the 3000/s asked for
        long expected = policy.equals("drop") ? result.schedule().dropped() : result.schedule().waitedForSlot();
        assertTrue(expected > 1000, policy + ": " + expected);
        assertEquals((double) result.schedule().dropped(), s.value("openmark_dropped_operations_total"));
        assertEquals((double) result.schedule().waitedForSlot(), s.value("openmark_slot_waits_total"));
    }

    /** The sum of every sample of a metric. */
    private static double sum(Scrape s, String name) {
        double sum = 0;
        for (String line : s.text().split("\n")) {
            if (line.startsWith(name + "{") || line.startsWith(name + " ")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }
}
