package org.openmark.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.openmark.cli.Main;
import org.openmark.compare.CompareText;
import org.openmark.compare.Comparison;
import org.openmark.compare.MetricChange;
import org.openmark.compare.OperationComparison;
import org.openmark.compare.RunData;
import org.openmark.compare.Side;

/**
 * {@code bin/bench compare-calibration}: the error rates of {@code compare} measured on runs of
 * the simulated store in virtual time (exact and seeded), case by case over a family of hard
 * cases: how often two runs of the same configuration are called different (the promise: at most
 * 5 %), how often the gate at 5 % trips on them, how often a single figure's 95 % interval misses
 * the truth (no change), how much could not be judged, and how often a 5 % slower store is found.
 * Every run is made in this process through the command line ({@link Main#execute}), as a user
 * would make it, and compared as {@code compare} would compare it.
 *
 * <p>Arguments: {@code PAIRS [OUT [CASE...]]}, by default 200 pairs of every case in
 * {@code /tmp/openmark-bench/compare-calibration}; a CASE is a case's name, or the start of the
 * names of the cases it picks. A benchmark, not a test: it prints what it measured.
 */
public final class CompareCalibration {
    /**
     * One case: the run's arguments; the slower store's (every service time 5 % longer: the client
     * latency and 1/λmax); how many runs per side.
     */
    record Case(String name, List<String> args, List<String> slower, int runsPerSide) {
    }

    private static final String DURATION_60 = "60s";

    private static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        out.add(of("independent, 60 s", "poisson", 0, "", DURATION_60, 1));
        out.add(of("poisson 91%, 60 s", "poisson", 1100, "", DURATION_60, 1));
        out.add(of("poisson 91%, 20 s", "poisson", 1100, "", "20s", 1));
        out.add(of("hyperexp:3 91%, 60 s", "hyperexp:3", 1100, "", DURATION_60, 1));
        out.add(of("hyperexp:3 91%, 20 s", "hyperexp:3", 1100, "", "20s", 1));
        out.add(of("pareto:1.5 91%, 60 s", "pareto:1.5", 1100, "", DURATION_60, 1));
        out.add(of("hiccups 80%, 60 s", "poisson", 1250, "5s:500ms:20s", DURATION_60, 1));
        out.add(of("hyperexp:3 91%, 60 s, 5 runs/side", "hyperexp:3", 1100, "", DURATION_60, 5));
        return out;
    }

    private static Case of(String name, String arrival, double max, String hiccups, String duration, int runs) {
        List<String> common = new ArrayList<>(List.of("--rate", "1000", "--arrival", arrival, "--duration", duration,
                "--warmup", "2s"));
        if (!hiccups.isEmpty()) {
            common.addAll(List.of("-p", "sim.hiccups=" + hiccups));
        }
        List<String> base = new ArrayList<>(common);
        List<String> slower = new ArrayList<>(common);
        base.addAll(List.of("-p", "sim.latency=exp(1ms)"));
        slower.addAll(List.of("-p", "sim.latency=exp(1.05ms)"));
        if (max > 0) {
            base.addAll(List.of("-p", "sim.maxthroughput=" + max));
            slower.addAll(List.of("-p", String.format(Locale.ROOT, "sim.maxthroughput=%.3f", max / 1.05)));
        }
        return new Case(name, base, slower, runs);
    }

    private CompareCalibration() {
    }

    public static void main(String[] args) throws IOException {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path out = Path.of(args.length > 1 ? args[1] : "/tmp/openmark-bench/compare-calibration");
        List<String> only = args.length > 2 ? List.of(args).subList(2, args.length) : List.of();
        System.out.println("compare on runs of the simulated store in virtual time (1000 ops/s, exp(1 ms) client"
                + " latency, workload A), " + pairs + " A/A pairs and " + pairs + " A/B pairs per case; the candidate"
                + " of an A/B pair is a store 5% slower (client latency and 1/lambda_max 5% longer).");
        System.out.println("false alarms: A/A pairs called different at all; gate: A/A pairs failing --fail-if-slower 5%;"
                + " CI misses: tested figures whose 95% interval excludes 0 in A/A; not judged: share of latency figures;"
                + " found: A/B pairs with the response mean, p50 or p99 significantly slower.");
        List<String> names = cases().stream().map(Case::name).toList();
        for (Case c : cases()) {
            // A case is picked by its whole name, or by the start of its name when no case has that name.
            if (!only.isEmpty() && only.stream().noneMatch(o -> o.equals(c.name())
                    || !names.contains(o) && c.name().startsWith(o))) {
                continue;
            }
            calibrate(c, pairs, out.resolve(c.name().replaceAll("[^a-z0-9]+", "-")));
        }
    }

    private static void calibrate(Case c, int pairs, Path dir) throws IOException {
        int alarms = 0;
        int gate = 0;
        int misses = 0;
        int tested = 0;
        int lacking = 0;
        int latency = 0;
        int found = 0;
        long started = System.nanoTime();
        int seed = 1;
        for (int p = 0; p < pairs; p++) {
            Side a = side("a", c.args(), c.runsPerSide(), seed, dir);
            seed += c.runsPerSide();
            Side b = side("b", c.args(), c.runsPerSide(), seed, dir);
            seed += c.runsPerSide();
            Side slower = side("s", c.slower(), c.runsPerSide(), seed, dir);
            seed += c.runsPerSide();
            Comparison same = Comparison.of(a, b);
            if (!CompareText.summary(same).contains("no significant difference")) {
                alarms++;
            }
            if (!same.slowerThan(0.05).isEmpty()) {
                gate++;
            }
            for (OperationComparison op : same.operations()) {
                for (MetricChange m : op.metrics()) {
                    if (m.higherIsWorse() && !m.metric().contains(" max ")
                            && !Comparison.SAME_AS_RESPONSE.equals(m.untested())) {
                        latency++;
                        if (MetricChange.NOT_ENOUGH_DATA.equals(m.untested())) {
                            lacking++;
                        } else if (m.isTested()) {
                            tested++;
                            misses += m.ciLow() > 0 || m.ciHigh() < 0 ? 1 : 0;
                        }
                    }
                }
            }
            if (!Comparison.of(a, slower).slowerThan(0).isEmpty()) {
                found++;
            }
            delete(dir);
        }
        System.out.printf(Locale.ROOT, "%-36s false alarms %3d of %d (%4.1f%%, 95%% CI %4.1f..%4.1f%%), gate %d,"
                + " CI misses %4.1f%% of %d, not judged %4.1f%%, 5%% slower found %3d of %d (%5.1f%%)  [%.0f s]%n",
                c.name(), alarms, pairs, 100.0 * alarms / pairs, 100 * wilson(alarms, pairs, -1),
                100 * wilson(alarms, pairs, 1), gate, tested == 0 ? 0 : 100.0 * misses / tested, tested,
                latency == 0 ? 0 : 100.0 * lacking / latency, found, pairs, 100.0 * found / pairs,
                (System.nanoTime() - started) / 1e9);
    }

    /** A side of {@code runs} runs with seeds from {@code seed}, each seeding the store too. */
    private static Side side(String name, List<String> args, int runs, int seed, Path dir) throws IOException {
        List<RunData> data = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path d = dir.resolve(name + (seed + i));
            List<String> all = new ArrayList<>(List.of("run", "--store", "sim", "--time", "virtual", "--quiet",
                    "--seed", String.valueOf(seed + i), "--out", d.toString()));
            all.addAll(args);
            PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
            int code = Main.execute(all.toArray(String[]::new), sink, sink);
            if (code != 0) {
                throw new IllegalStateException("run " + all + " exited " + code);
            }
            data.add(RunData.read(d).named(name + "/" + (seed + i)));
        }
        return new Side(name, data);
    }

    /** Wilson's 95 % score interval of k of n, its low (−1) or high (+1) end. */
    private static double wilson(int k, int n, int end) {
        double z = 1.959964;
        double p = (double) k / n;
        double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
        return Math.max(0, Math.min(1, centre + end * half));
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
