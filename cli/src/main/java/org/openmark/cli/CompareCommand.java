package org.openmark.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openmark.compare.CompareJson;
import org.openmark.compare.CompareText;
import org.openmark.compare.Comparison;
import org.openmark.compare.Gate;
import org.openmark.compare.Side;
import org.openmark.compare.RunLabels;
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
        description = {"Compare runs (directories written by run --out; a directory of such run directories is a"
                + " side of several runs of one configuration): per operation, throughput and the mean, percentiles"
                + " and maximum of response and service time, with the relative change, a 95%% confidence interval"
                + " of the ratio and whether it is significant (Welch's t on the log of each figure: with one run per"
                + " side its variance comes from a jackknife over batches of the run, as many as its bursts and"
                + " memory allow, with several from the runs' spread; a percentile set by fewer than 10 bursts of a"
                + " run is not judged; Holm's correction over all figures). The first is the baseline; more make one table per operation with a column each.",
            "Exit codes: 0 done (the gate, if given, passed), 1 the gate found a candidate significantly slower, 3"
                + " the gate cannot judge (a run is not valid, the runs did different work, an operation is in one"
                + " side only, nothing gated could be tested), 2 bad input (also: a run without a measured interval,"
                + " no operation in common).",
            "Example: bin/openmark compare results/baseline results/candidate --fail-if-slower 5%%"})
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Parameters(paramLabel = "DIR", arity = "2..*", description = "Run directories, or directories of run directories"
            + " (a side of several runs); the first is the baseline.")
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

    @Override
    public Integer call() throws IOException {
        // Nothing to save on Ctrl-C/SIGTERM: a file being written is deleted, the exit code is 130.
        try (Interruption interruption = Interruption.immediate(parent.err)) {
            return compare();
        }
    }

    private int compare() throws IOException {
        double threshold = failIfSlower == null ? -1 : Percentages.relativeChange("--fail-if-slower", failIfSlower);
        if (out != null) {
            org.openmark.output.OutputPaths.checkDirectory("--out", out);
        }
        List<String> labels = RunLabels.of(runs);
        List<Side> sides = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            sides.add(Side.read(runs.get(i), labels.get(i)));
        }
        List<Comparison> comparisons = Comparison.against(sides);
        Gate.Verdict verdict = threshold < 0 ? null
                : new Gate(threshold, allowInvalid, allowDifferentWork).judge(comparisons);
        parent.out.print(CompareText.render(comparisons));
        if (out != null) {
            AtomicFiles.writeString(out.resolve("compare.json"), new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(CompareJson.toMap(comparisons,
                            verdict)) + "\n");
            AtomicFiles.writeString(out.resolve("compare.html"), CompareHtml.render(comparisons, verdict));
            parent.err.println("openmark: results in " + out.toAbsolutePath());
        }
        if (verdict == null) {
            return 0;
        }
        return switch (verdict.outcome()) {
            case PASSED -> 0;
            case SLOWER -> {
                parent.err.println("openmark: compare: " + verdict.line());
                yield Main.EXIT_FAILED;
            }
            case CANNOT_JUDGE -> {
                parent.err.println("openmark: compare: " + verdict.line());
                yield Main.EXIT_NOT_VALID;
            }
        };
    }
}
