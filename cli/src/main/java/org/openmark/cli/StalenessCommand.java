package org.openmark.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openmark.api.Clock;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreFactory;
import org.openmark.api.StoreProperties;
import org.openmark.api.WarsTracing;
import org.openmark.cluster.ClusterSession;
import org.openmark.cluster.StalenessPlan;
import org.openmark.cluster.coordinator.WorkerSlot;
import org.openmark.config.ConfigException;
import org.openmark.consistency.PbsConfigurations;
import org.openmark.consistency.PbsPrediction;
import org.openmark.consistency.ProbabilityEstimate;
import org.openmark.consistency.StalenessConfig;
import org.openmark.consistency.StalenessMeasurement;
import org.openmark.consistency.StalenessResult;
import org.openmark.consistency.TracedWars;
import org.openmark.load.Share;
import org.openmark.output.AtomicFiles;
import org.openmark.output.OutputPaths;
import org.openmark.run.Preflight;
import org.openmark.run.StoreFacts;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code openmark staleness}: how stale are reads right after a write? */
@Command(name = "staleness", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure staleness: write versioned values, read them back at fixed offsets after each"
                + " acknowledgement, report P(consistent read) per offset, t-visibility and k-staleness.",
            "Example: bin/openmark staleness --store sim -p sim.secondaries=1 -p sim.readpreference=secondary"
                    + " -p \"sim.replicationdelay=exp(5ms)\" --time virtual"})
final class StalenessCommand implements Callable<Integer> {
    /** The simulated store's seed property: the only random draws of a staleness measurement are the store's. */
    private static final String SIM_SEED = "sim.seed";

    @ParentCommand
    OpenmarkCommand parent;

    @Option(names = "-P", paramLabel = "FILE", description = "Property file(s) for the store.")
    List<String> propertyFiles = new ArrayList<>();

    @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Store properties (e.g. redis.readfrom=replica).")
    List<String> properties = new ArrayList<>();

    @Option(names = {"--store", "-db"}, paramLabel = "NAME", required = true, description = "The store.")
    String store;

    @Option(names = "--rate", paramLabel = "WRITES", description = "Writes per second (default 200).")
    double rate = 200;

    @Option(names = "--writes", paramLabel = "N", description = "How many writes (default 2000).")
    long writes = 2000;

    @Option(names = "--keys", paramLabel = "N", description = "Keys the writes rotate over (default 200).")
    int keys = 200;

    @Option(names = "--probes", split = ",", paramLabel = "MS,MS,...", description = "Read offsets after each"
            + " acknowledgement in ms (default 0,1,2,5,10,20,50,100,200,500,1000).")
    List<Double> probes = StalenessConfig.DEFAULT_PROBES_MS;

    @Option(names = "--table", description = "The table (default usertable).")
    String table = "usertable";

    @Option(names = "--time", paramLabel = "real|virtual", description = "real (default) or virtual time"
            + " (for the simulated store only: exact and fast).")
    String time = "real";

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the store's random draws (the simulated"
            + " store's sim.seed, unless given with -p; default 1). The writes and probes themselves draw nothing.")
    Long seed;

    @Option(names = "--max-probe-late", paramLabel = "DURATION", description = "Warn when the probes' p99 lateness"
            + " (how long after its offset a probe read started) exceeds this (default 1ms): P(consistent) at offsets"
            + " not large against it is biased upward.")
    String maxProbeLate;

    @Option(names = "--max-error-rate", paramLabel = "PERCENT", description = "The store's error budget: above this"
            + " share of failed writes and reads the measurement is not valid (default 1%%).")
    String maxErrorRate;

    @Option(names = "--trace-fraction", paramLabel = "F", description = "For stores that trace their own"
            + " replication delays (cassandra): trace F write-and-read pairs per measured write (default 0.1; 0: off),"
            + " on keys of their own, and print the PBS prediction from the traced delays beside the measured"
            + " P(consistent).")
    double traceFraction = 0.1;

    @Option(names = "--out", paramLabel = "DIR", description = "Write staleness.json here.")
    Path out;

    @picocli.CommandLine.Mixin
    ClusterOptions cluster;

    @picocli.CommandLine.Mixin
    MetricsOptions metricsOptions;

    /** The --metrics endpoint: the measurement's counts at each scrape. */
    private LiveMetrics metrics = LiveMetrics.NONE;

    @Override
    public Integer call() throws InterruptedException, IOException {
        if (!(rate > 0) || rate > org.openmark.load.RateSchedule.MAX_RATE_PER_SEC) {
            throw ConfigException.of("--rate", String.valueOf(rate), "must be > 0 and <= "
                    + (long) org.openmark.load.RateSchedule.MAX_RATE_PER_SEC + " writes per second");
        }
        StalenessConfig cfg = new StalenessConfig(rate, writes, keys, probes, table);
        Timing timing = Timing.parse("--time", time);
        double errorBudget = org.openmark.config.Percentages.share("--max-error-rate",
                maxErrorRate == null ? "1%" : maxErrorRate);
        if (out != null) {
            OutputPaths.checkDirectory("--out", out);
        }
        Map<String, String> props = new LinkedHashMap<>(PropertySources.read(propertyFiles, properties));
        StoreRegistry stores = StoreRegistry.discover();
        StoreFactory factory = stores.get("--store", store);
        if (!factory.keepsWrites()) {
            throw ConfigException.of("--store", store, "keeps nothing it is written, so no write can be read back;"
                    + " staleness needs a store that keeps its writes: " + String.join(", ", keepingWrites(stores)));
        }
        if (seed != null && factory.propertyNames().contains(SIM_SEED)) {
            props.putIfAbsent(SIM_SEED, Long.toString(seed));
        }
        if (!(traceFraction >= 0 && traceFraction <= 1)) {
            throw ConfigException.of("--trace-fraction", Double.toString(traceFraction), "must be from 0 to 1");
        }
        List<String> warnings = new ArrayList<>(factory.passesOnAllProperties() ? List.of()
                : unknownProperties(props.keySet(), factory.propertyNames()));
        // the workload's property, which a store reads to check the table's layout when it opens
        props.put(org.openmark.workload.WorkloadProperties.TABLE, table);
        for (String w : warnings) {
            parent.err.println("openmark: warning: " + w);
        }
        long maxLateUs = (maxProbeLate == null ? java.time.Duration.ofMillis(1)
                : org.openmark.config.Durations.parse("--max-probe-late", maxProbeLate)).toNanos() / 1000;
        if (metricsOptions.requested() && cluster.requested()) {
            throw ConfigException.of("--metrics", metricsOptions.address, "serves a staleness measurement in one"
                    + " process only: a cluster's staleness workers are not watched live yet (measure without"
                    + " --cluster/--local-workers, or leave out --metrics)");
        }
        metricsOptions.linger(); // --metrics-linger without --metrics: refused before anything starts
        StopSignal stop = new StopSignal();
        try (LiveMetrics live = LiveMetrics.start(metricsOptions, parent.err, org.openmark.api.Clock.system());
                Interruption interruption = Interruption.stopping(parent.err, "stopping the writes, then writing what"
                        + " was measured", java.time.Duration.ofSeconds(30), stop::stop)) {
            metrics = live;
            return measure(cfg, timing, props, factory, errorBudget, maxLateUs, warnings, stop);
        }
    }

    private int measure(StalenessConfig cfg, Timing timing, Map<String, String> props, StoreFactory factory,
            double errorBudget, long maxLateUs, List<String> warnings, StopSignal stop)
            throws InterruptedException, IOException {
        StalenessResult result;
        Map<String, String> facts;
        int preflightCalls = 0;
        PbsPrediction prediction = null;
        StalenessMeasurement.Batches batches = null;
        StalenessMeasurement.Latencies latencies = null;
        List<Map<String, Object>> workers = null;
        String member = "";
        if (cluster.requested()) {
            if (timing.clock() instanceof org.openmark.timing.VirtualClock) {
                throw ConfigException.of("--time", time, "must be real with --cluster/--local-workers (virtual time"
                        + " runs in one process)");
            }
            ClusterSession.Options opts = cluster.resolve();
            StalenessPlan plan = new StalenessPlan(store, props, cfg, seed);
            plan.part(new Share(0, opts.workers())); // too few keys or writes: exit 2 before any worker starts
            try {
                factory.validate(StoreProperties.of(props)); // a bad store property, likewise
            } catch (org.openmark.api.StoreConfigException e) {
                throw new ConfigException(e.getMessage());
            }
            try (ClusterSession session = new ClusterSession(opts, stop, parent.err);
                    Store tracing = PbsTracing.coordinatorStore(factory, props, traceFraction, warnings)) {
                session.start();
                // The coordinator traces the WARS delays beside the workers' measurement, on keys of its own.
                TracedWars traced = tracing == null ? null : new TracedWars((WarsTracing) tracing, table,
                        rate * traceFraction, Math.max(1, Math.round(writes * traceFraction)), keys, Clock.system(),
                        stop);
                Thread tracer = PbsTracing.start(traced, timing);
                ClusterSession.StalenessOutcome outcome;
                try {
                    outcome = session.staleness(plan);
                } finally {
                    if (tracer != null) {
                        tracer.join();
                    }
                }
                result = outcome.merged();
                facts = new java.util.TreeMap<>(outcome.storeFacts());
                warnings.addAll(outcome.warnings());
                workers = workerRows(outcome, opts.workers());
                if (traced != null) {
                    PbsTracing.warnIfNeverStale((WarsTracing) tracing, warnings);
                    prediction = PbsTracing.predict((WarsTracing) tracing, traced, result, probes, seed, warnings);
                }
            }
        } else {
            try (Store s = factory.open(StoreProperties.of(props), timing.clock())) {
                if (!timing.tasks().realTime() && !s.isEmbedded()) {
                    throw ConfigException.of("--time", time, "needs a store inside this process (sim without"
                            + " sim.host/sim.port): store '" + store + "' answers in real time");
                }
                // Nothing is measured, and nothing written, against a store that does not answer.
                preflightCalls = Preflight.check(s, store, table, timing.tasks().realTime(), timing.clock());
                facts = StoreFacts.ask(s, StoreFacts.LIMIT, timing.tasks().realTime());
                member = s.readMember();
                TracedWars traced = s instanceof WarsTracing tracing && tracing.tracesDelays() && traceFraction > 0
                        ? new TracedWars(tracing, table, rate * traceFraction, Math.max(1, Math.round(writes * traceFraction)),
                                keys, timing.clock(), stop)
                        : null;
                StalenessMeasurement measurement = new StalenessMeasurement(cfg, timing.clock(), timing.tasks(), stop);
                if (metrics.metrics() != null) {
                    metrics.metrics().watchStaleness(measurement::progress);
                }
                // on stderr, as the measurement starts: it may take minutes, and it is what a Ctrl-C will cut short
                parent.err.println(String.format(java.util.Locale.ROOT,
                        "openmark staleness: %d writes at %s/s to %d keys, each probed at %s ms", cfg.writes(),
                        org.openmark.config.PropertyText.of(cfg.writeRatePerSec()), cfg.keys(),
                        cfg.probeOffsetsMs().stream().map(org.openmark.config.PropertyText::of)
                                .collect(java.util.stream.Collectors.joining(", "))));
                parent.err.flush();
                // the tracer starts with the writer (one group: the same run every time in virtual time)
                result = measurement.run(s, PbsTracing.task(traced));
                batches = measurement.batches();
                latencies = measurement.latencies();
                if (s instanceof WarsTracing tracing && tracing.tracesDelays()) {
                    PbsTracing.warnIfNeverStale(tracing, warnings);
                }
                prediction = traced == null ? null : PbsTracing.predict((WarsTracing) s, traced, result, probes, seed,
                        warnings);
            } catch (StoreConfigException e) {
                throw new ConfigException(e.getMessage());
            }
        }
        String late = result.lateProbeWarning(maxLateUs);
        if (late != null) {
            warnings.add(late);
        }
        List<String> invalid = result.invalidReasons(errorBudget);
        boolean interrupted = stop.isStopped();
        for (String reason : invalid) {
            warnings.add(reason + ": the measurement is not valid");
        }
        Map<Double, ProbabilityEstimate> intervals = intervals(result, batches);
        if (!member.isEmpty()) {
            // the P(consistent) below is this member's: the probes read there alone
            parent.out.println("[STALENESS], Member, " + member);
        }
        parent.out.print(result.text());
        intervals.forEach((t, e) -> parent.out.printf(java.util.Locale.ROOT,
                "[STALENESS], PConsistentAt95(%sms), %.5f, %.5f%n", key(t), e.low(), e.high()));
        if (latencies != null) {
            printLatency("Write", latencies.writeUs());
            printLatency("Read", latencies.readUs());
        }
        // every R and W of N from the same traced pairs, after the run's own figures
        PbsConfigurations all = null;
        if (prediction != null) {
            try {
                // the client's share of a latency from the run's own measured latencies (one process only)
                all = PbsConfigurations.predict(prediction, latencies == null ? Double.NaN
                        : p50Ms(latencies.writeUs()), latencies == null ? Double.NaN : p50Ms(latencies.readUs()));
            } catch (IllegalArgumentException e) {
                // what was measured and predicted for the run's own configuration still stands
                warnings.add("no PBS prediction for other R and W: " + e.getMessage());
            }
        }
        if (prediction != null) {
            parent.out.print(prediction.text(intervals));
            if (all != null) {
                parent.out.print(all.text());
            }
        }
        parent.out.println("[STALENESS], Valid, " + (invalid.isEmpty() && !interrupted));
        if (workers != null) {
            for (Map<String, Object> w : workers) {
                parent.out.println("[STALENESS], Worker, " + w.get("name") + " " + w.get("address") + " share "
                        + w.get("share") + (Boolean.TRUE.equals(w.get("lost")) ? ", LOST"
                        : ", writes " + w.get("writes") + ", reads " + w.get("reads") + ", stale reads "
                        + w.get("staleReads")));
            }
        }
        for (String warning : warnings) {
            parent.err.println("openmark: warning: " + warning);
        }
        if (out != null) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("store", store);
            json.put("storeFacts", facts);
            json.put("seed", facts.containsKey("seed") ? Long.valueOf(facts.get("seed")) : null);
            json.put("writeRate", rate);
            json.put("keys", keys);
            json.put("probesMs", probes);
            json.put("time", time);
            json.put("valid", invalid.isEmpty() && !interrupted);
            json.put("interrupted", interrupted);
            json.put("preflightCalls", preflightCalls);
            Map<String, Object> staleness = result.json();
            if (!member.isEmpty()) {
                staleness.put("member", member);
            }
            Map<String, Map<String, Double>> interval = new LinkedHashMap<>();
            intervals.forEach((t, e) -> interval.put(key(t), Map.of("low", e.low(), "high", e.high())));
            staleness.put("pConsistentAt95", interval);
            if (latencies != null) {
                staleness.put("writeLatencyMs", StalenessMeasurement.Latencies.percentilesMs(latencies.writeUs()));
                staleness.put("readLatencyMs", StalenessMeasurement.Latencies.percentilesMs(latencies.readUs()));
            }
            json.put("staleness", staleness);
            if (prediction != null) {
                Map<String, Object> pbs = prediction.json(intervals);
                if (all != null) {
                    pbs.put("all", all.json());
                }
                json.put("pbs", pbs);
            }
            if (workers != null) {
                json.put("workers", workers);
            }
            json.put("warnings", warnings);
            // What was measured, as every result says it: the simulated store's model is among its facts.
            Map<String, Long> seeds = new LinkedHashMap<>();
            seeds.put("store", facts.containsKey("seed") ? Long.valueOf(facts.get("seed")) : null);
            seeds.put("pbs", seed == null ? 1 : seed);
            json.put("measured", new org.openmark.report.Measured(org.openmark.run.OpenmarkVersion.current(), store,
                    facts, String.format(java.util.Locale.ROOT, "writes at %s/s to %d keys, probes at %s ms", rate,
                            keys, probes), time, seeds, props).toMap());
            Map<String, String> pageFacts = new LinkedHashMap<>();
            pageFacts.put("store", store);
            pageFacts.put("writes", result.writes() + " at " + org.openmark.config.PropertyText.of(rate) + "/s to " + keys
                    + " keys");
            pageFacts.put("time", time);
            pageFacts.put("valid", String.valueOf(invalid.isEmpty() && !interrupted));
            if (prediction != null) {
                pageFacts.put("replicas", String.format(java.util.Locale.ROOT, "N=%d R=%d W=%d",
                        prediction.quorums().n(), prediction.quorums().r(), prediction.quorums().w()));
                pageFacts.put("traced pairs", String.valueOf(prediction.samples().traces()));
            }
            AtomicFiles.writeString(out.resolve("staleness.html"),
                    org.openmark.report.html.StalenessHtml.render(pageFacts, intervals, all));
            AtomicFiles.writeString(out.resolve("staleness.json"),
                    new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                            .writeValueAsString(json) + "\n");
        }
        if (interrupted) {
            return Main.EXIT_INTERRUPTED;
        }
        return invalid.isEmpty() ? 0 : Main.EXIT_NOT_VALID;
    }

    /** The p50 of a histogram of µs in ms, NaN when it holds nothing. */
    private static double p50Ms(org.HdrHistogram.Histogram us) {
        Double ms = StalenessMeasurement.Latencies.percentilesMs(us).get("p50");
        return ms == null ? Double.NaN : ms;
    }

    /** {@code [STALENESS], WriteP50(ms), 1.234} and its p99, or n/a when nothing was recorded. */
    private void printLatency(String kind, org.HdrHistogram.Histogram us) {
        StalenessMeasurement.Latencies.percentilesMs(us).forEach((q, ms) -> parent.out.println("[STALENESS], " + kind
                + q.toUpperCase(java.util.Locale.ROOT) + "(ms), " + (ms == null ? "n/a" : ms)));
    }

    /**
     * P(consistent) per offset with its 95 % interval: Wilson's from the reads, widened by the
     * batches of consecutive writes when this process measured them (not after a cluster's merge).
     */
    private static Map<Double, ProbabilityEstimate> intervals(StalenessResult result,
            StalenessMeasurement.Batches batches) {
        Map<Double, ProbabilityEstimate> m = new java.util.TreeMap<>();
        result.probedAt().forEach((t, n) -> {
            ProbabilityEstimate e = ProbabilityEstimate.measured(result.consistentAt().getOrDefault(t, 0L), n,
                    batches == null ? null : batches.consistent().get(t), batches == null ? null : batches.probed().get(t));
            if (e != null) {
                m.put(t, e);
            }
        });
        return m;
    }

    private static String key(double t) {
        return t == Math.rint(t) ? String.valueOf((long) t) : String.valueOf(t);
    }

    /** The stores a staleness measurement can read its writes back from. */
    private static List<String> keepingWrites(StoreRegistry stores) {
        return stores.all().values().stream().filter(StoreFactory::keepsWrites).map(StoreFactory::name).toList();
    }

    /** Warnings for properties the store does not know, with close matches. */
    private static List<String> unknownProperties(java.util.Set<String> given, java.util.Set<String> known) {
        List<String> out = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(given)) {
            if (!known.contains(name)) {
                List<String> close = org.openmark.config.Suggestions.closeMatches(name, known);
                out.add("unknown property '" + name + "' is ignored"
                        + (close.isEmpty() ? "" : " (did you mean " + close.get(0) + "?)"));
            }
        }
        return out;
    }

    /** Each worker's part: its share, what it measured (or that it was lost), its store's facts. */
    private static List<Map<String, Object>> workerRows(ClusterSession.StalenessOutcome outcome, int count) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (WorkerSlot w : outcome.workers()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", w.name());
            row.put("address", w.address());
            row.put("share", (w.index() + 1) + "/" + count);
            row.put("lost", w.staleness() == null);
            if (w.staleness() != null) {
                row.put("writes", w.staleness().writes());
                row.put("reads", w.staleness().reads());
                row.put("staleReads", w.staleness().staleReads());
                row.put("errors", w.staleness().errors());
                row.put("storeFacts", new java.util.TreeMap<>(w.storeFacts()));
            } else {
                row.put("lostReason", w.lostReason());
            }
            rows.add(row);
        }
        return rows;
    }
}
