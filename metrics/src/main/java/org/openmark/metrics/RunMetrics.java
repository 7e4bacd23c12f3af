package org.openmark.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.core.metrics.StateSet;
import io.prometheus.metrics.instrumentation.jvm.JvmBufferPoolMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmClassLoadingMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmCompilationMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmGarbageCollectorMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryPoolAllocationMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmRuntimeInfoMetric;
import io.prometheus.metrics.instrumentation.jvm.ProcessMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;

/**
 * A command's live figures in Prometheus's model, fed by the interval collector (one process) or
 * by the coordinator's merge (a cluster): nothing here measures; every figure is taken from the
 * intervals the collector already made, so what is scraped is what the result files say.
 *
 * <p>Rows: label {@code worker} is empty for the run's figures (one process, or a cluster's merged
 * intervals; Prometheus keeps no empty label, so those series have no {@code worker} label at all)
 * and names the worker for a cluster's per-worker rows. Operations are labelled as result.json
 * counts them: by name and status, the inner calls of a composite operation counted under their
 * own name.
 *
 * <p>Thread-safety: the library's metrics are safe to update while scraped; {@link #interval} is
 * called by one thread at a time (the collector's ticker, or the coordinator's actor).
 */
public final class RunMetrics {
    /** The {@code worker} label of the run's own (merged) rows. */
    public static final String RUN = "";
    /** The percentiles of the current interval served as gauges (label {@code percentile}). */
    static final Map<String, Double> PERCENTILES = percentiles();

    /** What is served: openmark's figures (one collector) and the JVM's. */
    private final PrometheusRegistry registry = new RecentScrapes(System::nanoTime);
    /** openmark's figures, scraped as one under this object's lock (see {@link #collect}). */
    private final PrometheusRegistry own = new PrometheusRegistry();
    private final LatencyCollector latency = new LatencyCollector();
    private final Counter ended = Counter.builder().name("openmark_operations")
            .help("Operations ended in the measured window, by operation and status (result.json's counts)")
            .labelNames("worker", "op", "status").register(own);
    private final Counter warmUpEnded = Counter.builder().name("openmark_warmup_operations")
            .help("Operations ended in the warm-up (left out of the result), by operation and status")
            .labelNames("worker", "op", "status").register(own);
    private final Counter issued = Counter.builder().name("openmark_issued_operations")
            .help("Operations handed to the store (warm-up included)").labelNames("worker").register(own);
    private final Gauge intervalResponse = Gauge.builder().name("openmark_interval_response_time_seconds")
            .help("The last interval's exact response-time percentile (HdrHistogram), by operation, all statuses")
            .unit(Unit.SECONDS).labelNames("worker", "op", "percentile").register(own);
    private final Gauge intervalService = Gauge.builder().name("openmark_interval_service_time_seconds")
            .help("The last interval's exact service-time percentile (HdrHistogram), by operation, all statuses")
            .unit(Unit.SECONDS).labelNames("worker", "op", "percentile").register(own);
    private final Gauge sendLag = Gauge.builder().name("openmark_interval_send_lag_seconds")
            .help("The last interval's send lag (actual send - intended start) percentile: the generator's delay")
            .unit(Unit.SECONDS).labelNames("worker", "percentile").register(own);
    private final Gauge inFlight = Gauge.builder().name("openmark_in_flight_operations")
            .help("Operations handed to the store and not answered, at the last interval's end")
            .labelNames("worker").register(own);
    private final Gauge intervalEnd = Gauge.builder().name("openmark_interval_end_seconds")
            .help("The last interval's end on the run's time axis (seconds since the phase started)")
            .unit(Unit.SECONDS).labelNames("worker").register(own);
    private final Gauge achieved = Gauge.builder().name("openmark_achieved_rate_operations_per_second")
            .help("Operations issued per second in the last interval").labelNames("worker").register(own);
    private final Gauge target = Gauge.builder().name("openmark_target_rate_operations_per_second")
            .help("The rate the load model aims at now (open: the rate schedule; closed: -target)")
            .register(own);
    private final Gauge scheduled = Gauge.builder().name("openmark_scheduled_rate_operations_per_second")
            .help("The rate of the arrival schedule actually drawn (open model; set when the phase ends)")
            .register(own);
    private final Counter slotWaits = Counter.builder().name("openmark_slot_waits")
            .help("Arrivals that waited for a free in-flight slot (open model, --max-in-flight)").register(own);
    private final Counter dropped = Counter.builder().name("openmark_dropped_operations")
            .help("Arrivals dropped for lack of an in-flight slot (--on-overload drop)").register(own);
    private final Gauge threads = Gauge.builder().name("openmark_client_threads")
            .help("The closed model's client threads (0 for the open model)").register(own);
    private final Gauge verdict = Gauge.builder().name("openmark_verdict")
            .help("1 while the verdict holds, 0 when it fails: generator (on schedule) and store (within its error"
                    + " budget); provisional until openmark_verdict_final is 1").labelNames("verdict")
            .register(own);
    private final Gauge verdictFinal = Gauge.builder().name("openmark_verdict_final")
            .help("1 once the phase ended and openmark_verdict is the report's").register(own);
    private final StateSet phase = StateSet.builder().name("openmark_phase")
            .help("The part of the phase running now").states(PhasePart.names()).register(own);
    private final Info info = Info.builder().name("openmark_run")
            .help("The run: command, store, load model and seed").labelNames("command", "store", "model", "seed")
            .register(own);

    private final Gauge eventStart = Gauge.builder().name("openmark_event_start_timestamp_seconds")
            .help("When each --event's command started (Unix time): Grafana draws it as an annotation")
            .unit(Unit.SECONDS).labelNames("event", "command").register(own);
    private final Gauge eventEnd = Gauge.builder().name("openmark_event_end_timestamp_seconds")
            .help("When each --event's command ended (Unix time), once it has").unit(Unit.SECONDS)
            .labelNames("event", "command").register(own);

    private final LiveVerdicts verdicts = new LiveVerdicts();
    /** The (worker, op, percentile) series each percentile gauge has now. */
    private final Set<List<String>> responseSeries = new HashSet<>();
    private final Set<List<String>> serviceSeries = new HashSet<>();
    private RunFacts facts;
    /** openmark's figures as last scraped; null once something changed (they change once an interval). */
    private MetricSnapshots scraped;
    private long lastWaited;
    private long lastDropped;

    /**
     * With the JVM's own metrics from the library's standard collectors: GC, memory and memory
     * pools, allocation, buffer pools, class loading, JIT compilation, runtime and process. Not
     * its thread metrics: counting threads by state and looking for deadlocks stops every thread
     * at a safepoint (12 ms a scrape here), a pause the load generator would feel at every scrape;
     * nor native memory, which runs a diagnostic command each time.
     */
    public RunMetrics() {
        // No figure yet is no value, not a zero: Prometheus stores NaN and graphs show a gap.
        target.set(Double.NaN);
        scheduled.set(Double.NaN);
        own.register(latency);
        registry.register((MultiCollector) this::collect);
        JvmGarbageCollectorMetrics.builder().register(registry);
        JvmMemoryMetrics.builder().register(registry);
        JvmMemoryPoolAllocationMetrics.builder().register(registry);
        JvmBufferPoolMetrics.builder().register(registry);
        JvmClassLoadingMetrics.builder().register(registry);
        JvmCompilationMetrics.builder().register(registry);
        JvmRuntimeInfoMetric.builder().register(registry);
        ProcessMetrics.builder().register(registry);
    }

    /**
     * Serves a staleness measurement's figures from now on, read from {@code progress} at each
     * scrape ({@code openmark_staleness_*}); called once, before the measurement starts.
     */
    public void watchStaleness(java.util.function.Supplier<org.openmark.consistency.StalenessProgress> progress) {
        registry.register(new StalenessCollector(progress));
    }

    /**
     * openmark's figures as of the last interval taken: a scrape never sees an interval half
     * applied (a counter of this interval beside a gauge of the last), since intervals are applied
     * under the same lock.
     */
    private synchronized MetricSnapshots collect() {
        // Between two intervals every scrape is answered from the same snapshots: a scraper that
        // hammers the endpoint costs the rendering, not the building of the figures.
        if (scraped == null) {
            scraped = own.scrape();
        }
        return scraped;
    }

    /** What Prometheus scrapes. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** A phase starts: its identity, constant figures and limits. */
    public synchronized void phaseStarted(RunFacts f) {
        scraped = null;
        this.facts = f;
        info.setLabelValues(f.command(), f.store(), f.model(), Long.toString(f.seed()));
        threads.set(f.threads());
        verdicts.start(f);
        verdictFinal.set(0);
        publishVerdicts();
        setPhase(f.loadPhase() ? PhasePart.LOAD : f.warmupSeconds() > 0 ? PhasePart.WARMUP : PhasePart.MEASURED);
        target.set(f.targetRateAt() == null ? Double.NaN : f.targetRateAt().applyAsDouble(0));
        scheduled.set(Double.NaN);
    }

    /** The longest command a label keeps: a label is for telling events apart, the command is in result.json. */
    static final int COMMAND_LABEL_CHARS = 80;

    /**
     * Event {@code number} (1 for the first {@code --event}) started its {@code command} at
     * {@code epochSeconds}; {@code ended} says whether this is its end.
     */
    public synchronized void event(int number, String command, double epochSeconds, boolean ended) {
        scraped = null;
        String label = command.length() > COMMAND_LABEL_CHARS ? command.substring(0, COMMAND_LABEL_CHARS - 1) + "…"
                : command;
        (ended ? eventEnd : eventStart).labelValues(Integer.toString(number), label).set(epochSeconds);
    }

    /**
     * One interval of {@code worker} ({@link #RUN} for the run's own figures).
     *
     * @param elapsedSeconds the interval's end since the phase started
     * @param inFlightOps outstanding operations at its end
     */
    public synchronized void interval(String worker, IntervalSnapshot s, double elapsedSeconds, long inFlightOps,
            boolean warmUp) {
        scraped = null;
        Counter counts = warmUp ? warmUpEnded : ended;
        s.response().forEach((c, h) -> {
            if (h.getTotalCount() > 0) {
                counts.labelValues(worker, c.op(), status(c.status())).inc(h.getTotalCount());
            }
        });
        if (!warmUp) {
            latency.add(worker, s.response(), s.service());
        }
        issued.labelValues(worker).inc(s.issued());
        percentiles(worker, s.responseByOperation(), intervalResponse, responseSeries);
        percentiles(worker, s.serviceByOperation(), intervalService, serviceSeries);
        for (Map.Entry<String, Double> p : PERCENTILES.entrySet()) {
            sendLag.labelValues(worker, p.getKey()).set(seconds(s.sendLag(), p.getValue()));
        }
        inFlight.labelValues(worker).set(inFlightOps);
        intervalEnd.labelValues(worker).set(elapsedSeconds);
        double seconds = (s.endMillis() - s.startMillis()) / 1000.0;
        achieved.labelValues(worker).set(seconds > 0 ? s.issued() / seconds : 0);
        if (worker.equals(RUN) && facts != null) {
            runInterval(s, elapsedSeconds, warmUp);
        }
    }

    private void runInterval(IntervalSnapshot s, double elapsedSeconds, boolean warmUp) {
        if (facts.targetRateAt() != null) {
            target.set(facts.targetRateAt().applyAsDouble(elapsedSeconds));
        }
        if (!warmUp) {
            verdicts.add(s, elapsedSeconds);
            publishVerdicts();
        }
        PhasePart part = facts.loadPhase() ? PhasePart.LOAD : warmUp ? PhasePart.WARMUP
                : facts.durationSeconds() > 0 && elapsedSeconds > facts.warmupSeconds() + facts.durationSeconds()
                        ? PhasePart.GRACE : PhasePart.MEASURED;
        setPhase(part);
    }

    /** The open model's slot waits and drops so far in this phase (live counts, read once an interval). */
    public synchronized void loadCounts(long waitedSoFar, long droppedSoFar) {
        scraped = null;
        slotWaits.inc(Math.max(0, waitedSoFar - lastWaited));
        dropped.inc(Math.max(0, droppedSoFar - lastDropped));
        lastWaited = waitedSoFar;
        lastDropped = droppedSoFar;
        verdicts.dropped(droppedSoFar);
        publishVerdicts();
    }

    /**
     * The phase ended: the report's verdicts replace the provisional ones.
     *
     * @param scheduledRatePerSec the drawn schedule's rate (open model), or NaN
     */
    public synchronized void phaseEnded(boolean generatorHolds, boolean storeHolds, double scheduledRatePerSec) {
        scraped = null;
        verdict.labelValues("generator").set(generatorHolds ? 1 : 0);
        verdict.labelValues("store").set(storeHolds ? 1 : 0);
        verdictFinal.set(1);
        if (!Double.isNaN(scheduledRatePerSec)) {
            scheduled.set(scheduledRatePerSec);
        }
        setPhase(PhasePart.DONE);
        lastWaited = 0;
        lastDropped = 0;
    }

    private void publishVerdicts() {
        verdict.labelValues("generator").set(verdicts.generatorHolds() ? 1 : 0);
        verdict.labelValues("store").set(verdicts.storeHolds() ? 1 : 0);
    }

    private void setPhase(PhasePart part) {
        for (PhasePart p : PhasePart.values()) {
            if (p == part) {
                phase.setTrue(p.label());
            } else {
                phase.setFalse(p.label());
            }
        }
    }

    /** The gauges of the interval's operations; an operation absent from it has none (no stale value). */
    private static void percentiles(String worker, Map<String, Histogram> byOp, Gauge gauge,
            Set<List<String>> series) {
        for (Map.Entry<String, Histogram> e : byOp.entrySet()) {
            if (e.getValue().getTotalCount() == 0) {
                continue;
            }
            for (Map.Entry<String, Double> p : PERCENTILES.entrySet()) {
                gauge.labelValues(worker, e.getKey(), p.getKey()).set(seconds(e.getValue(), p.getValue()));
                series.add(List.of(worker, e.getKey(), p.getKey()));
            }
        }
        series.removeIf(k -> {
            Histogram h = byOp.get(k.get(1));
            if (!k.get(0).equals(worker) || (h != null && h.getTotalCount() > 0)) {
                return false;
            }
            gauge.remove(k.get(0), k.get(1), k.get(2));
            return true;
        });
    }

    /** A percentile (100 = the maximum) of a histogram in microseconds, in seconds; 0 when empty. */
    static double seconds(Histogram micros, double percentile) {
        if (micros.getTotalCount() == 0) {
            return 0;
        }
        long v = percentile >= 100 ? micros.getMaxValue() : micros.getValueAtPercentile(percentile);
        return v / 1e6;
    }

    /** A status as a label value: {@code ok}, {@code not_found}, {@code error}, ... */
    static String status(Status s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    private static Map<String, Double> percentiles() {
        Map<String, Double> m = new java.util.LinkedHashMap<>();
        m.put("50", 50.0);
        m.put("90", 90.0);
        m.put("99", 99.0);
        m.put("99.9", 99.9);
        m.put("max", 100.0);
        return java.util.Collections.unmodifiableMap(m);
    }
}
