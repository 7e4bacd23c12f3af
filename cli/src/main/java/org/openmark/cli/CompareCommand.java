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
import org.openmark.compare.RunData;
import org.openmark.config.ConfigException;
import org.openmark.report.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code openmark compare}: runs against a baseline, with statistics that hold for interval data. */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare runs (directories written by run --out): per operation, throughput and the mean and"
                + " percentiles of response and service time, with the relative change, a 95% confidence interval"
                + " and whether it is significant. The first run is the baseline.",
            "Example: bin/openmark compare results/baseline results/candidate --fail-if-slower 5%"})
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Parameters(paramLabel = "DIR", arity = "2..*", description = "Run directories; the first is the baseline.")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Write compare.json and compare.html here.")
    Path out;

    @Option(names = "--fail-if-slower", paramLabel = "PERCENT", description = "Exit 1 when a candidate is"
            + " significantly slower than the baseline by more than this (response mean, p50 or p99 of any operation),"
            + " e.g. 5%%.")
    String failIfSlower;

    @Option(names = "--resamples", paramLabel = "N", defaultValue = "1000", description = "Bootstrap resamples for"
            + " the percentiles (default: ${DEFAULT-VALUE}).")
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
        double threshold = failIfSlower == null ? -1 : percent(failIfSlower);
        if (resamples < 100) {
            throw ConfigException.of("--resamples", String.valueOf(resamples), "must be >= 100");
        }
        if (out != null) {
            org.openmark.report.OutputPaths.checkDirectory("--out", out);
        }
        List<RunData> data = new ArrayList<>();
        for (Path dir : runs) {
            data.add(RunData.read(dir));
        }
        List<Comparison> comparisons = new ArrayList<>();
        for (int i = 1; i < data.size(); i++) {
            comparisons.add(Comparison.of(data.get(0), data.get(i), resamples, seed));
        }
        parent.out.print(CompareText.render(comparisons));
        if (out != null) {
            AtomicFiles.writeString(out.resolve("compare.json"), new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(CompareJson.toMap(comparisons)) + "\n");
            AtomicFiles.writeString(out.resolve("compare.html"), org.openmark.report.html.CompareHtml.render(comparisons));
            parent.err.println("openmark: results in " + out.toAbsolutePath());
        }
        if (threshold >= 0) {
            List<String> slower = new ArrayList<>();
            for (Comparison c : comparisons) {
                for (String s : c.slowerThan(threshold)) {
                    slower.add(c.candidate().name() + ": " + s);
                }
            }
            if (!slower.isEmpty()) {
                parent.err.println("openmark: compare: significantly slower by more than " + failIfSlower + ": "
                        + String.join("; ", slower));
                return Main.EXIT_FAILED;
            }
        }
        return 0;
    }

    private static double percent(String text) {
        String t = text.trim();
        try {
            double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100
                    : Double.parseDouble(t);
            if (v >= 0 && v < 10) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ConfigException.of("--fail-if-slower", text, "must be a percentage such as 5% (0% and up)");
    }
}
