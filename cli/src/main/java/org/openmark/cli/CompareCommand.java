package org.openmark.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.openmark.compare.Comparability;
import org.openmark.compare.CompareJson;
import org.openmark.compare.CompareText;
import org.openmark.compare.Comparison;
import org.openmark.compare.RunData;
import org.openmark.compare.RunLabels;
import org.openmark.config.ConfigException;
import org.openmark.config.Percentages;
import org.openmark.output.AtomicFiles;
import org.openmark.report.html.CompareHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code openmark compare}: runs against a baseline, with statistics that hold for interval data.
 * Exit codes: 0 done (the gate, if given, passed); 1 the gate found a candidate significantly
 * slower; 3 the gate cannot judge (a run is not valid, the runs did different work, an operation is
 * in one run only, nothing gated could be tested); 2 bad input.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare runs (directories written by run --out): per operation, throughput and the mean,"
                + " percentiles and maximum of response and service time, with the relative change, a 95%%"
                + " confidence interval and whether it is significant (Welch's t-tests over the runs' intervals, on"
                + " interval means and on bootstrapped log percentiles, each with an effective sample size from the"
                + " intervals' autocorrelation; Holm's correction over all figures). The first run is the baseline;"
                + " more runs make one table per operation with a column per run.",
            "Exit codes: 0 done (the gate, if given, passed), 1 the gate found a candidate significantly slower, 3"
                + " the gate cannot judge (a run is not valid, the runs did different work, an operation is in one"
                + " run only, nothing gated could be tested), 2 bad input (also: a run without a measured interval,"
                + " no operation in common).",
            "Example: bin/openmark compare results/baseline results/candidate --fail-if-slower 5%%"})
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Parameters(paramLabel = "DIR", arity = "2..*", description = "Run directories; the first is the baseline.")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Write compare.json and compare.html here.")
    Path out;

    @Option(names = "--fail-if-slower", paramLabel = "PERCENT", description = "A gate: exit 1 when a candidate is"
            + " significantly slower than the baseline (after Holm's correction) in the response-time mean, p50 or"
            + " p99 of any operation, and the whole 95%% interval of the change lies above PERCENT: 5%% (or the"
            + " fraction 0.05; a number without %% must be below 1, so 5 is refused, not read as 500%%); exit 3 when"
            + " it cannot judge.")
    String failIfSlower;

    @Option(names = "--allow-invalid", description = "Let the gate judge runs that are not valid (their own verdicts"
            + " failed) instead of exiting 3.")
    boolean allowInvalid;

    @Option(names = "--allow-different-work", description = "Let the gate judge runs that did different work"
            + " (another store, model, workload, rate, duration, clock or warm-up) instead of exiting 3.")
    boolean allowDifferentWork;

    @Option(names = "--resamples", paramLabel = "N", defaultValue = "1000", description = "Bootstrap resamples for"
            + " the percentiles' standard errors (default: ${DEFAULT-VALUE}).")
    int resamples;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The bootstrap's seed (default:"
            + " ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws IOException {
        // Nothing to save on Ctrl-C/SIGTERM: a file being written is deleted, the exit code is 130.
        try (Interruption interruption = Interruption.immediate(parent.err)) {
            return compare();
        }
    }

    private int compare() throws IOException {
        double threshold = failIfSlower == null ? -1 : Percentages.relativeChange("--fail-if-slower", failIfSlower);
        if (resamples < 100) {
            throw ConfigException.of("--resamples", String.valueOf(resamples), "must be >= 100");
        }
        if (out != null) {
            org.openmark.output.OutputPaths.checkDirectory("--out", out);
        }
        List<String> labels = RunLabels.of(runs);
        List<RunData> data = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            data.add(RunData.read(runs.get(i)).named(labels.get(i)));
        }
        List<Comparison> comparisons = Comparison.against(data, resamples, seed);
        parent.out.print(CompareText.render(comparisons));
        if (out != null) {
            AtomicFiles.writeString(out.resolve("compare.json"), new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(CompareJson.toMap(comparisons)) + "\n");
            AtomicFiles.writeString(out.resolve("compare.html"), CompareHtml.render(comparisons));
            parent.err.println("openmark: results in " + out.toAbsolutePath());
        }
        if (threshold < 0) {
            return 0;
        }
        List<String> blockers = new ArrayList<>();
        Set<Comparability.Kind> reasons = EnumSet.noneOf(Comparability.Kind.class);
        List<String> slower = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (Comparability.Warning w : c.gateBlockers(allowInvalid, allowDifferentWork)) {
                blockers.add(c.candidate().name() + ": " + w.text());
                reasons.add(w.kind());
            }
            c.slowerThan(threshold).forEach(s -> slower.add(c.candidate().name() + ": " + s));
        }
        if (!slower.isEmpty()) {
            parent.err.println("openmark: compare: significantly slower by more than " + Percentages.format(threshold)
                    + ": " + String.join("; ", slower));
        }
        if (!blockers.isEmpty()) {
            parent.err.println("openmark: compare: the gate cannot judge: " + String.join("; ", blockers)
                    + " (exit 3; " + allowancesHint(reasons) + ")");
            return Main.EXIT_NOT_VALID;
        }
        return slower.isEmpty() ? 0 : Main.EXIT_FAILED;
    }

    /**
     * Which of the allowances would let the gate judge, for the reasons it cannot: each names only
     * an allowance that lifts a reason present (one already given lifted its reason, which is then
     * not present), and says so when a reason present has none (an operation in one run only,
     * nothing gated tested), since then no option makes it judge.
     */
    private static String allowancesHint(Set<Comparability.Kind> reasons) {
        List<String> allowances = new ArrayList<>();
        boolean noAllowance = false;
        for (Comparability.Kind reason : reasons) {
            switch (reason) {
                case INVALID_RUN -> allowances.add("--allow-invalid");
                case DIFFERENT_WORK -> allowances.add("--allow-different-work");
                case MISSING_OPERATION, UNTESTED, NOTE -> noAllowance = true;
            }
        }
        String named = String.join(" and ", allowances);
        if (allowances.isEmpty()) {
            return "no option lets it judge such runs";
        }
        if (noAllowance) {
            return "no option lets it judge such runs: " + named + " would lift only some of these reasons";
        }
        return named + (allowances.size() == 1 ? " lets" : " let") + " it judge such runs";
    }
}
