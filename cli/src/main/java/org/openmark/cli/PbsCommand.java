package org.openmark.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;
import org.openmark.pbs.DistributionParser;
import org.openmark.pbs.Empirical;
import org.openmark.pbs.PbsJsonReport;
import org.openmark.pbs.PbsResult;
import org.openmark.pbs.PbsSimulator;
import org.openmark.pbs.PbsSpec;
import org.openmark.pbs.PbsTextReport;
import org.openmark.pbs.ReadFanout;
import org.openmark.pbs.SampleFiles;
import org.openmark.pbs.TimeGrid;
import org.openmark.pbs.WarsDistributions;
import org.openmark.pbs.WarsKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code openmark pbs}: predicts P(consistent read) t ms after a write for every R and W of N
 * replicas (Probabilistically Bounded Staleness, WARS Monte Carlo). Builds a {@link PbsSpec},
 * runs {@link PbsSimulator} and prints a table or JSON. Bad input throws {@link ConfigException}.
 */
@Command(name = "pbs", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Predict the probability that a read t ms after a write commits returns it,",
            "for every R and W of N replicas (PBS, Bailis et al. VLDB 2012; WARS Monte Carlo).",
            "Distributions, in ms: exp(rate), pareto(xm,alpha), const(ms), uniform(lo,hi),",
            "normal(mean,sd) (truncated at 0), file(path) (one sample per line),",
            "or a weighted mixture such as 0.9*pareto(0.2,10)+0.1*exp(1.5).",
            "--from staleness.json replays the prediction a staleness run made from its traced delays."})
public final class PbsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", defaultValue = "3", paramLabel = "N", description = "Replicas N, 1..16 (default: ${DEFAULT-VALUE}).")
    private int replicas;

    @Option(names = "--t", defaultValue = "10", paramLabel = "MS",
            description = "Read starts this many ms after the write commits (default: ${DEFAULT-VALUE}).")
    private double tMs;

    @Option(names = "--k", defaultValue = "1", paramLabel = "K",
            description = "Consistent = the read returns one of the last K writes (default: ${DEFAULT-VALUE}).")
    private int k;

    @Option(names = "--trials", defaultValue = "100000", paramLabel = "COUNT",
            description = "Monte Carlo trials per (R,W) (default: ${DEFAULT-VALUE}).")
    private long trials;

    @Option(names = "--w", paramLabel = "DIST", description = "Write delay coordinator->replica until the replica serves it;"
            + " with --from: the W (1..N) to predict.")
    private String w;

    @Option(names = "--a", paramLabel = "DIST", description = "Write ack delay replica->coordinator.")
    private String a;

    @Option(names = "--r", paramLabel = "DIST", description = "Read request delay coordinator->replica; with --from: the"
            + " R (1..N) to predict.")
    private String r;

    @Option(names = "--s", paramLabel = "DIST", description = "Read response delay replica->coordinator.")
    private String s;

    @Option(names = "--preset", defaultValue = "lnkd-disk", paramLabel = "NAME",
            description = "Distributions for kinds not given: lnkd-disk or lnkd-ssd (default: ${DEFAULT-VALUE}).")
    private String preset;

    @Option(names = "--samples", paramLabel = "CSV",
            description = "Measured delays, CSV rows kind,ms with kind W, A, R or S; --w etc. override a kind.")
    private Path samples;

    @Option(names = "--read-fanout", defaultValue = "all", paramLabel = "all|quorum",
            description = "all: read all N, use the first R answers; quorum: read R random replicas (default: ${DEFAULT-VALUE}).")
    private String readFanout;

    @Option(names = "--seed", paramLabel = "SEED", description = "Random seed (default: a fresh one, printed).")
    private Long seed;

    @Option(names = "--threads", paramLabel = "COUNT",
            description = "Worker threads; results do not depend on it (default: 1 below 200,000 trials x N^2, else all cores).")
    private Integer threads;

    @Option(names = "--curve", paramLabel = "FROM..TO:STEP",
            description = "Also print P(consistent) at these t, e.g. 0..100:1 or 0,5,10.")
    private String curve;

    @Option(names = "--json", description = "Print JSON instead of a table.")
    private boolean json;

    @Option(names = "--from", paramLabel = "STALENESS_JSON", description = "Replay the PBS prediction of a staleness"
            + " run (bin/openmark staleness --out DIR writes DIR/staleness.json) from the traced delays, probe lateness"
            + " and seed it recorded, beside its measurement; with --r R --w W (whole numbers) it predicts that"
            + " configuration from the same traced delays instead, with --all every R and W of N; no other option may"
            + " be given with it.")
    private Path from;

    @Option(names = "--all", description = "With --from: predict every R and W of N from the recorded run's traced"
            + " delays (P(consistent), k-staleness, write and read latency p50/p99 with 95%% intervals).")
    private boolean all;

    private Clock clock = Clock.system();
    private Path workingDir = Path.of("").toAbsolutePath();

    /** Uses {@code c} to time the computation (tests pass a fake clock). */
    PbsCommand withClock(Clock c) {
        this.clock = c;
        return this;
    }

    /** Resolves relative paths against {@code dir} instead of the working directory. */
    PbsCommand withWorkingDir(Path dir) {
        this.workingDir = dir;
        return this;
    }

    @Override
    public Integer call() {
        // Nothing to save: Ctrl-C/SIGTERM ends the computation at once, with 130.
        try (Interruption interruption = Interruption.immediate(
                new java.io.PrintStream(new WriterOutputStream(spec.commandLine().getErr()), true))) {
            return compute();
        }
    }

    private int compute() {
        if (from != null) {
            return replay();
        }
        if (all) {
            throw ConfigException.of("--all", "true", "only with --from STALENESS_JSON: it predicts every R and W from"
                    + " the traced delays a staleness run recorded");
        }
        PbsSpec pbs = new PbsSpec(replicas, tMs, k, trials, distributions(), ReadFanout.parse("--read-fanout", readFanout),
                seed != null ? seed : new SplittableRandom().nextLong(),
                curve == null ? new double[0] : TimeGrid.parse("--curve", curve),
                threads != null ? threads
                        : PbsSpec.defaultThreads(trials, replicas, Runtime.getRuntime().availableProcessors()));
        // on stderr, before a computation that may take minutes (Ctrl-C ends it from here on)
        spec.commandLine().getErr().println(String.format(Locale.ROOT,
                "openmark pbs: computing %d (R,W) x %d trials on %d thread%s, seed %d", replicas * replicas, trials,
                pbs.threads(), pbs.threads() == 1 ? "" : "s", pbs.seed()));
        spec.commandLine().getErr().flush();
        long startNanos = clock.nanoTime();
        PbsResult result = PbsSimulator.run(pbs);
        double elapsedMs = (clock.nanoTime() - startNanos) / 1e6;
        PrintWriter out = spec.commandLine().getOut();
        String timing = String.format(Locale.ROOT, "# computed %d (R,W) x %d trials in %.1f ms on %d thread%s",
                replicas * replicas, trials, elapsedMs, pbs.threads(), pbs.threads() == 1 ? "" : "s");
        if (json) {
            PbsJsonReport.write(result, out);
            // the JSON stays deterministic for a seed; the timing goes to stderr
            spec.commandLine().getErr().println(timing);
            spec.commandLine().getErr().flush();
        } else {
            PbsTextReport.write(result, out);
            out.println(timing);
        }
        out.flush();
        return 0;
    }

    /** {@code --from}: the staleness run's prediction, made again from what its staleness.json recorded. */
    @SuppressWarnings("unchecked")
    private int replay() {
        for (picocli.CommandLine.Model.OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (!java.util.Set.of("--from", "--r", "--w", "--all").contains(o.longestName())) {
                throw ConfigException.of(o.longestName(), String.valueOf((Object) o.getValue()),
                        "not with --from: the replay takes N, the delays, the offsets and the seed from the file (with"
                                + " it only --r R --w W or --all)");
            }
        }
        if (all && (r != null || w != null)) {
            throw ConfigException.of(r != null ? "--r" : "--w", r != null ? r : w, "not with --all, which predicts"
                    + " every R and W; give --r R --w W for one configuration, or --all alone");
        }
        if ((r == null) != (w == null)) {
            throw ConfigException.of(r != null ? "--r" : "--w", r != null ? r : w, "with --from give --r R and --w W"
                    + " together (the configuration to predict), e.g. --r 2 --w 1");
        }
        Path file = workingDir.resolve(from);
        Map<String, Object> doc;
        try {
            doc = new com.fasterxml.jackson.databind.ObjectMapper().readValue(file.toFile(), Map.class);
        } catch (java.io.IOException e) {
            throw ConfigException.of("--from", from.toString(), java.nio.file.Files.exists(file)
                    ? "not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")" : "no such file");
        }
        Object pbs = doc.get("pbs");
        if (!(pbs instanceof Map)) {
            throw ConfigException.of("--from", from.toString(), "has no pbs section: the staleness run traced no"
                    + " delays (--trace-fraction 0, or a store that does not trace them)");
        }
        org.openmark.consistency.PbsReplay replay;
        try {
            replay = org.openmark.consistency.PbsReplay.of((Map<String, Object>) pbs);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw ConfigException.of("--from", from.toString(), e.getMessage());
        }
        int n = replay.prediction().quorums().n();
        Integer readQuorum = r == null ? null : quorum("--r", r, n);
        Integer writeQuorum = w == null ? null : quorum("--w", w, n);
        PrintWriter out = spec.commandLine().getOut();
        if (all || readQuorum != null) {
            predictOthers(replay, (Map<String, Object>) pbs, measuredP50(doc, "writeLatencyMs"),
                    measuredP50(doc, "readLatencyMs"), readQuorum, writeQuorum, out);
            return 0;
        }
        out.print(replay.prediction().text(replay.measured()));
        out.println("[PBS], Replay, " + (replay.matchesRecorded() ? "the same prediction as recorded"
                : "differs from the prediction recorded (another openmark version?)"));
        out.flush();
        return 0;
    }

    /** The run's measured latency p50 (ms) that staleness.json recorded ({@code staleness.KEY.p50}), NaN when none. */
    @SuppressWarnings("unchecked")
    private static double measuredP50(Map<String, Object> doc, String key) {
        if (doc.get("staleness") instanceof Map<?, ?> staleness && staleness.get(key) instanceof Map<?, ?> latency
                && latency.get("p50") instanceof Number p50) {
            return p50.doubleValue();
        }
        return Double.NaN;
    }

    /** R or W given with --from: a whole number from 1 to the recorded N. */
    private static int quorum(String flag, String text, int n) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v >= 1 && v <= n) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ConfigException.of(flag, text, "with --from a whole number from 1 to " + n + " (the recorded run's"
                + " replicas N)");
    }

    /**
     * {@code --from F --r R --w W} or {@code --all}: the configurations predicted from the recorded
     * traced pairs, each checked against the row the run recorded for it (when it recorded one).
     */
    @SuppressWarnings("unchecked")
    private void predictOthers(org.openmark.consistency.PbsReplay replay, Map<String, Object> pbs,
            double writeP50Ms, double readP50Ms, Integer readQuorum, Integer writeQuorum, PrintWriter out) {
        org.openmark.consistency.PbsPrediction measured = replay.prediction();
        java.util.List<org.openmark.consistency.PbsConfigurations.Row> rows;
        if (readQuorum != null) {
            rows = java.util.List.of(org.openmark.consistency.PbsConfigurations.row(measured, readQuorum, writeQuorum,
                    writeP50Ms, readP50Ms));
        } else {
            rows = org.openmark.consistency.PbsConfigurations.predict(measured, writeP50Ms, readP50Ms).rows();
        }
        org.openmark.consistency.PbsConfigurations table = new org.openmark.consistency.PbsConfigurations(measured,
                rows, org.openmark.consistency.PbsConfigurations.clientShare(measured, writeP50Ms, readP50Ms));
        out.print(table.text());
        Object recorded = pbs.get("all") instanceof Map<?, ?> a ? ((Map<String, Object>) a).get("configurations")
                : null;
        if (recorded instanceof java.util.List<?> list) {
            com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            boolean same = true;
            for (org.openmark.consistency.PbsConfigurations.Row row : rows) {
                Object again;
                try {
                    again = mapper.readValue(mapper.writeValueAsString(row.json()), Map.class);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new IllegalStateException(e);
                }
                same &= list.contains(again);
            }
            out.println("[PBS-ALL], Replay, " + (same ? "the same as the rows recorded"
                    : "differs from the rows recorded (another openmark version?)"));
        } else {
            out.println("[PBS-ALL], Replay, the run recorded no rows for other configurations (an openmark before"
                    + " issue 49)");
        }
        out.flush();
    }

    /** Flags first, then the --samples CSV, then the preset; with --samples every kind must come from somewhere. */
    private WarsDistributions distributions() {
        WarsDistributions base = WarsDistributions.preset("--preset", preset);
        Map<WarsKind, double[]> measured = samples == null ? Map.of()
                : SampleFiles.readWarsCsv("--samples", samples.toString(), workingDir.resolve(samples));
        Map<WarsKind, String> flags = new java.util.EnumMap<>(WarsKind.class);
        if (w != null) {
            flags.put(WarsKind.W, w);
        }
        if (a != null) {
            flags.put(WarsKind.A, a);
        }
        if (r != null) {
            flags.put(WarsKind.R, r);
        }
        if (s != null) {
            flags.put(WarsKind.S, s);
        }
        WarsDistributions result = base;
        for (WarsKind kind : WarsKind.values()) {
            String flag = "--" + kind.name().toLowerCase(Locale.ROOT);
            if (flags.containsKey(kind)) {
                result = result.with(kind, DistributionParser.parse(flag, flags.get(kind), workingDir));
            } else if (measured.containsKey(kind)) {
                result = result.with(kind, new Empirical("samples(" + samples + ":" + kind + ")", measured.get(kind)));
            } else if (samples != null) {
                throw ConfigException.of("--samples", samples.toString(), "no rows of kind " + kind
                        + "; add " + kind + ",<ms> rows or give " + flag);
            }
        }
        return result;
    }
}
