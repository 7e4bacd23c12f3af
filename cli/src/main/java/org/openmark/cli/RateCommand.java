package org.openmark.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;
import org.openmark.report.Measured;
import org.openmark.config.Settings;
import org.openmark.load.RateSchedule;
import org.openmark.output.AtomicFiles;
import org.openmark.output.OutputPaths;
import org.openmark.rating.Curve;
import org.openmark.rating.CurveExperimenter;
import org.openmark.rating.DeltaAnalysis;
import org.openmark.rating.DeltaAnalyzer;
import org.openmark.config.Durations;
import org.openmark.rating.LoadUnit;
import org.openmark.rating.Rater;
import org.openmark.rating.RatingCosts;
import org.openmark.rating.RatingException;
import org.openmark.rating.RatingFormat;
import org.openmark.rating.RatingReport;
import org.openmark.rating.RatingReportJson;
import org.openmark.rating.RatingReportText;
import org.openmark.rating.ReloadMode;
import org.openmark.rating.ReloadPolicy;
import org.openmark.rating.SearchSettings;
import org.openmark.rating.SearchStrategy;
import org.openmark.rating.Sla;
import org.openmark.rating.StoreRating;
import org.openmark.rating.WorkloadMix;
import org.openmark.run.Defaults;
import org.openmark.run.ModelChoice;
import org.openmark.run.RunProperties;
import org.openmark.run.Runner;
import org.openmark.run.StoreRegistry;
import org.openmark.timing.StopSignal;
import org.openmark.timing.Timing;
import org.openmark.workload.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code openmark rate}: the action rating of a store ({@link StoreRating} runs the experiments)
 * or, with {@code --curve}, a dry run of the search on a synthetic curve, so users see which
 * experiments a strategy would run, how many, and how long a real rating would take. Builds the
 * settings and calls {@link Rater}; bad input becomes a usage error (exit 2).
 */
@Command(name = "rate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Action rating (BG): the highest throughput at which an SLA holds, found with few short"
                + " experiments (hill climbing, then golden-section or approximate search).",
            "Against a store: bin/openmark rate -P workloads/workloadb --store rocksdb --sla \"p95<=100ms\" --duration 30s",
            "Dry run on a synthetic curve: bin/openmark rate --curve quadratic:peak=100000000 --search approximate --climb 4"})
public final class RateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--curve", paramLabel = "CURVE", description = "Dry run on a synthetic curve: quadratic:peak=P"
            + " | sqrt:scale=S | plateau:max=M,knee=K, each optionally ,slacap=L")
    String curve;

    @Option(names = "-P", paramLabel = "FILE", description = "Workload/property file(s) (real rating).")
    List<String> propertyFiles = new ArrayList<>();

    @Option(names = "-p", paramLabel = "NAME=VALUE", description = "Properties (real rating).")
    List<String> properties = new ArrayList<>();

    @Option(names = {"--store", "-db"}, paramLabel = "NAME", description = "The store to rate (default "
            + Defaults.STORE + "); a YCSB binding class runs on the ycsb store (see run --store).")
    String store;

    @Option(names = "--ycsb-classpath", paramLabel = "PATH", description = "The jars of a YCSB binding (see run"
            + " --ycsb-classpath). Sets ycsb.classpath.")
    List<String> ycsbClassPath = new ArrayList<>();

    @Option(names = "--model", paramLabel = "closed|open", defaultValue = "closed",
            description = "Load level = threads T (closed, default) or arrival rate in ops/s (open).")
    String model;

    @Option(names = "--delta", paramLabel = "auto", description = "auto: run the delta analyzer first to choose"
            + " the experiment length (t, 2t, 4t, ... until 3 runs agree within 5%%).")
    String delta;

    @Option(names = "--delta-start", defaultValue = "10s", paramLabel = "DURATION",
            description = "Delta analyzer: the first length t (default: ${DEFAULT-VALUE}).")
    String deltaStart;

    @Option(names = "--delta-load", paramLabel = "LOAD", description = "Delta analyzer: the load it runs at"
            + " (default: the start load).")
    Long deltaLoad;

    /** What the rating's experiments measured (a store's rating; null for a curve). */
    private Measured measured;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of every experiment, the simulated store's"
            + " too unless -p sim.seed is given (default: chosen once, printed and recorded in rating.json, as run"
            + " does; every experiment of the rating uses it).")
    Long seed;

    @Option(names = "--time", paramLabel = "real|virtual", defaultValue = "real", description = "real (default) or"
            + " virtual time (the simulated store only: exact, and minutes of experiments take seconds).")
    String time;

    @Option(names = "--out", paramLabel = "DIR", description = "Write rating.json, rating.txt and rating.html (the search"
            + " path and where the time went) here.")
    Path out;

    @Option(names = "--search", defaultValue = "golden", paramLabel = "golden|approximate",
            description = "local search after the climb (default: ${DEFAULT-VALUE})")
    String search;

    @Option(names = "--climb", defaultValue = "2", paramLabel = "R",
            description = "climb factor r: each climb step multiplies the load by r (default: ${DEFAULT-VALUE})")
    double climb;

    @Option(names = "--epsilon", defaultValue = "5%", paramLabel = "E",
            description = "a climb step counts only if throughput rises by more than E (default: 5%%)")
    String epsilon;

    @Option(names = "--sla", paramLabel = "SLA",
            description = "e.g. 'p95<=1ms, unpredictable<=0.1%%, for 10m' (default: none, rate the peak)")
    String sla;

    @Option(names = "--start", paramLabel = "LOAD", description = "first load level (default: 1, or 100 ops/s"
            + " with --model open)")
    Long start;

    @Option(names = "--max-load", paramLabel = "LOAD", description = "the climb stops here (default: "
            + SearchSettings.DEFAULT_MAX_LOAD + ", or the highest rate openmark schedules, "
            + (long) RateSchedule.MAX_RATE_PER_SEC + " ops/s, with --model open)")
    Long maxLoad;

    /** The default --max-load of a curve and of the closed model (threads). */
    private static final long DEFAULT_MAX_LOAD = SearchSettings.DEFAULT_MAX_LOAD;

    @Option(names = {"--experiment", "--duration"}, paramLabel = "DURATION",
            description = "δ, one experiment's measured length (default: 1m for a curve, 10s for a store)")
    String experimentLength;

    @Option(names = "--warmup", paramLabel = "DURATION",
            description = "warm-up before every run (default: 30s for a curve, 2s for a store)")
    String warmup;

    @Option(names = "--load-time", defaultValue = "0", paramLabel = "DURATION",
            description = "ζ, loading the database once (default: ${DEFAULT-VALUE})")
    String loadTime;

    @Option(names = "--reload", paramLabel = "MODE",
            description = "full | repair | image | none | none,image-every=K (default: full for a curve; for a"
                    + " store none when the workload allows it, else repair)")
    String reload;

    @Option(names = "--reload-time", paramLabel = "DURATION",
            description = "ν, one restore (default: --load-time for full, else 0)")
    String reloadTime;

    @Option(names = "--json", description = "print the report as JSON")
    boolean json;

    @picocli.CommandLine.Mixin
    ClusterOptions cluster;

    @picocli.CommandLine.Mixin
    MetricsOptions metricsOptions;

    /** The --metrics endpoint of every experiment (started once the settings are resolved). */
    private LiveMetrics metrics = LiveMetrics.NONE;

    /** The one store whose requests follow a virtual clock. */
    private static final String SIMULATED_STORE = "sim";

    /** Set on Ctrl-C/SIGTERM: the experiment running stops, and the report says so. */
    private final StopSignal stop = new StopSignal();

    @Override
    public Integer call() throws IOException {
        RatingReport report;
        PrintStream errStream = new PrintStream(new WriterOutputStream(spec.commandLine().getErr()), true);
        try (Interruption interruption = Interruption.stopping(errStream, "stopping the experiment that runs, then"
                + " writing the rating so far", Duration.ofSeconds(60), stop::stop)) {
            try {
                if (this.out != null) {
                    OutputPaths.checkDirectory("--out", this.out);
                }
                report = curve != null ? rateCurve() : rateStore();
            } catch (ConfigException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(json ? toJson(report) : text(report));
            out.flush();
            if (this.out != null) {
                AtomicFiles.writeString(this.out.resolve("rating.json"), toJson(report));
                AtomicFiles.writeString(this.out.resolve("rating.txt"), text(report));
                AtomicFiles.writeString(this.out.resolve("rating.html"),
                        org.openmark.report.html.RatingHtml.render(report, measured));
            }
            if (report.stoppedEarly()) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("openmark: rate: " + report.stop().orElseThrow().reason());
                err.flush();
                return report.stop().orElseThrow().interrupted() ? Main.EXIT_INTERRUPTED : Main.EXIT_NOT_VALID;
            }
            return 0;
        } finally {
            metrics.close(); // after the rating is written (and --metrics-linger)
        }
    }

    private SearchSettings searchSettings(long defaultStart, long defaultMaxLoad) {
        if (maxLoad != null && defaultMaxLoad < DEFAULT_MAX_LOAD && maxLoad > defaultMaxLoad) {
            throw ConfigException.of("--max-load", String.valueOf(maxLoad), "must be <= " + defaultMaxLoad
                    + " ops/s with --model open (the highest rate openmark schedules)");
        }
        return SearchSettings.defaults()
                .withStrategy(SearchStrategy.parse(search))
                .withClimbFactor(climb)
                .withEpsilon(SearchSettings.parseEpsilon(epsilon))
                .withLoads(start != null ? start : defaultStart, maxLoad != null ? maxLoad : defaultMaxLoad);
    }

    private RatingReport rateCurve() {
        SearchSettings settings = searchSettings(1, DEFAULT_MAX_LOAD);
        Sla agreement = sla == null ? Sla.none() : Sla.parse(sla);
        ReloadPolicy policy = ReloadPolicy.parse(reload == null ? "full" : reload);
        Duration delta = experimentLength == null ? Defaults.CURVE_EXPERIMENT
                : Durations.parse("--experiment", experimentLength);
        Duration initialLoad = Durations.parse("--load-time", loadTime);
        Duration reloadEach = reloadTime != null ? Durations.parse("--reload-time", reloadTime)
                : policy.mode() == ReloadMode.FULL ? initialLoad : Duration.ZERO;
        RatingCosts costs = new RatingCosts(initialLoad, reloadEach,
                warmup == null ? Defaults.CURVE_WARMUP : Durations.parse("--warmup", warmup), delta);
        Curve parsed = Curve.parse(curve);
        return new Rater(settings, agreement, policy, costs).rate(new CurveExperimenter(parsed, agreement, delta));
    }

    private RatingReport rateStore() {
        PrintWriter err = spec.commandLine().getErr();
        PrintStream log = new PrintStream(new WriterOutputStream(err), true);
        Map<String, String> m = new LinkedHashMap<>(PropertySources.read(
                propertyFiles.isEmpty() ? List.of(PropertySources.DEFAULT_WORKLOAD) : propertyFiles, properties));
        if (store != null) {
            m.put(RunProperties.STORE, store);
        }
        if (!ycsbClassPath.isEmpty()) {
            m.put(YcsbClassNames.CLASS_PATH, String.join(java.io.File.pathSeparator, ycsbClassPath));
        }
        YcsbClassNames.resolve(m, null).ifPresent(note -> log.println("openmark: " + note));
        m.putIfAbsent(RunProperties.STORE, Defaults.STORE);
        // As run does: chosen once for the whole rating and printed when it starts, so it can be replayed.
        boolean seedChosen = seed == null;
        if (seedChosen) {
            seed = new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
        }
        m.put(RunProperties.SEED, String.valueOf(seed));
        Settings settings = Settings.of(m);
        ModelChoice choice = settings.with(Map.of(RunProperties.MODEL, model)).getEnum(RunProperties.MODEL, ModelChoice.CLOSED,
                ModelChoice.class);
        Sla agreement = sla == null ? Sla.none() : Sla.parse(sla);
        WorkloadMix mix = WorkloadMixes.of(Workloads.resolve(settings));
        ReloadPolicy policy = reload != null ? ReloadPolicy.parse(reload)
                : mix.changesDatabase().isPresent() ? ReloadPolicy.of(ReloadMode.REPAIR) : ReloadPolicy.of(ReloadMode.NONE);
        policy.check(mix);
        Duration length = experimentLength == null ? Defaults.RATING_EXPERIMENT
                : Durations.parse("--duration", experimentLength);
        Duration warm = warmup == null ? Defaults.RATING_WARMUP : Durations.parse("--warmup", warmup);
        SearchSettings search = searchSettings(choice == ModelChoice.OPEN ? 100 : 1, choice == ModelChoice.OPEN
                ? (long) RateSchedule.MAX_RATE_PER_SEC : DEFAULT_MAX_LOAD)
                .withLoadUnit(choice == ModelChoice.OPEN ? LoadUnit.OPS_PER_SEC : LoadUnit.THREADS);
        Timing timing = Timing.parse("--time", time);
        String storeName = settings.getString(RunProperties.STORE, Defaults.STORE);
        if (!timing.tasks().realTime() && !SIMULATED_STORE.equals(storeName)) {
            // Another store's requests take real time the simulated clock never sees: the
            // experiments would measure nothing and never end.
            throw ConfigException.of("--time", time, "virtual time is for the simulated store (--store sim), whose"
                    + " requests follow the simulated clock; store '" + storeName + "' works in real time");
        }
        Clock clock = timing.clock();
        Runner runner = new Runner(StoreRegistry.discover(), Workloads::create, clock, timing.tasks(), stop, log);
        org.openmark.cluster.ClusterSession session = null;
        if (cluster.requested()) {
            if (!"real".equals(time)) {
                throw ConfigException.of("--time", time, "must be real with --cluster/--local-workers (virtual time"
                        + " runs in one process)");
            }
            if (policy.mode() == ReloadMode.REPAIR) {
                throw ConfigException.of(ReloadPolicy.FLAG, policy.toString(), "cannot be used with --cluster: the"
                        + " workers' writes cannot be repaired from the coordinator; use --reload image, full or none");
            }
            session = new org.openmark.cluster.ClusterSession(cluster.resolve(), stop, log);
        }
        org.openmark.cluster.ClusterSession clusterSession = session;
        metrics = LiveMetrics.start(metricsOptions, log, Clock.system());
        org.openmark.rating.ExperimentRunner experimentRunner = metrics.experimentRunner("rate", runner,
                clusterSession);
        try (StoreRating rating = new StoreRating(runner, settings, choice, agreement, length, warm, policy, clock,
                log, experimentRunner); org.openmark.cluster.ClusterSession open = session) {
            rating.prepare();
            for (String w : rating.unknownProperties()) {
                log.println("openmark: warning: " + w);
            }
            if (seedChosen) {
                log.println("openmark: rate: seed " + seed + " (chosen; replay with --seed " + seed + ")");
            }
            if (open != null) {
                if (rating.storeIsEmbedded()) {
                    throw ConfigException.of("--store", settings.getString(RunProperties.STORE, "?"), "lives inside each process:"
                            + " a rating on a cluster needs a store the workers share (a server), which this process"
                            + " loads and reloads between experiments");
                }
                open.start();
            }
            if ("auto".equals(delta)) {
                long at = deltaLoad != null ? deltaLoad : search.startLoad();
                try {
                    DeltaAnalysis analysis = new DeltaAnalyzer(Durations.parse("--delta-start", deltaStart),
                            DeltaAnalyzer.DEFAULT_AGREEING_RUNS, DeltaAnalyzer.DEFAULT_THRESHOLD,
                            DeltaAnalyzer.DEFAULT_MAX_RUNS).analyze(d -> rating.sample(at, d));
                    log.println("rate: delta analyzer chose " + RatingFormat.duration(analysis.delta())
                            + (analysis.converged() ? "" : " (did not converge: the longest length tried)")
                            + " after " + analysis.runs().size() + " runs");
                    rating.useExperimentLength(analysis.delta());
                } catch (RatingException e) {
                    if (!e.interrupted()) {
                        throw e;
                    }
                    // Interrupted while choosing the length: the search below stops at once and
                    // reports that.
                }
            } else if (delta != null) {
                throw ConfigException.of("--delta", delta, "must be auto (or leave it out and give --duration)");
            }
            RatingReport report = new Rater(search, agreement, policy, RatingCosts.experimentsOnly(length))
                    .rate(rating);
            if (!rating.results().isEmpty()) {
                // The clock is the rating's (--time), which its experiments' properties do not carry.
                Measured first = Measured.of(rating.results().get(0));
                measured = new Measured(first.openmarkVersion(), first.store(), first.storeFacts(), first.model(),
                        time, first.seeds(), first.properties());
            }
            return report.withCosts(rating.measuredCosts());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RatingException.aborted("rating interrupted");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The rating as text, then what its experiments measured (a store's rating only). */
    private String text(RatingReport report) {
        StringBuilder b = new StringBuilder(RatingReportText.render(report));
        if (measured != null) {
            b.append("What was measured:").append(System.lineSeparator());
            measured.lines().forEach(l -> b.append("  ").append(l).append(System.lineSeparator()));
        }
        return b.toString();
    }

    private String toJson(RatingReport report) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", curve != null ? null : seed);
        root.put("measured", measured == null ? null : measured.toMap());
        root.putAll(RatingReportJson.toMap(report));
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report map of plain values did not serialize", e);
        }
    }
}
