package org.openmark.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.openmark.config.ConfigException;
import org.openmark.rating.Curve;
import org.openmark.rating.CurveExperimenter;
import org.openmark.rating.DurationText;
import org.openmark.rating.Rater;
import org.openmark.rating.RatingCosts;
import org.openmark.rating.RatingReport;
import org.openmark.rating.RatingReportJson;
import org.openmark.rating.RatingReportText;
import org.openmark.rating.ReloadMode;
import org.openmark.rating.ReloadPolicy;
import org.openmark.rating.SearchSettings;
import org.openmark.rating.SearchStrategy;
import org.openmark.rating.Sla;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code openmark rate --curve …}: a dry run of the rating search on a synthetic curve, so users
 * see which experiments a strategy would run, how many, and how long a real rating would take.
 * Builds the settings and calls {@link Rater}; bad input becomes a picocli usage error (exit 2).
 */
@Command(name = "rate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Dry run of the action rating search (BG) on a synthetic throughput curve:",
            "prints every experiment the search would run, the rating and the time it would take."})
public final class RateCurveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--curve", required = true, paramLabel = "CURVE",
            description = "quadratic:peak=P | sqrt:scale=S | plateau:max=M,knee=K, each optionally ,slacap=L")
    String curve;

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

    @Option(names = "--start", defaultValue = "1", paramLabel = "LOAD", description = "first load level (default: ${DEFAULT-VALUE})")
    long start;

    @Option(names = "--max-load", defaultValue = "1000000000", paramLabel = "LOAD",
            description = "the climb stops here (default: ${DEFAULT-VALUE})")
    long maxLoad;

    @Option(names = "--experiment", defaultValue = "1m", paramLabel = "DURATION",
            description = "δ, one experiment's measured length (default: ${DEFAULT-VALUE})")
    String experimentLength;

    @Option(names = "--warmup", defaultValue = "30s", paramLabel = "DURATION",
            description = "warm-up before every run (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--load-time", defaultValue = "0", paramLabel = "DURATION",
            description = "ζ, loading the database once (default: ${DEFAULT-VALUE})")
    String loadTime;

    @Option(names = "--reload", defaultValue = "full", paramLabel = "MODE",
            description = "full | repair | image | none | none,image-every=K (default: ${DEFAULT-VALUE})")
    String reload;

    @Option(names = "--reload-time", paramLabel = "DURATION",
            description = "ν, one restore (default: --load-time for full, else 0)")
    String reloadTime;

    @Option(names = "--json", description = "print the report as JSON")
    boolean json;

    @Override
    public Integer call() {
        RatingReport report;
        try {
            report = rate();
        } catch (ConfigException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? toJson(report) : RatingReportText.render(report));
        out.flush();
        return 0;
    }

    private RatingReport rate() {
        SearchSettings settings = SearchSettings.defaults()
                .withStrategy(SearchStrategy.parse(search))
                .withClimbFactor(climb)
                .withEpsilon(SearchSettings.parseEpsilon(epsilon))
                .withLoads(start, maxLoad);
        Sla agreement = sla == null ? Sla.none() : Sla.parse(sla);
        ReloadPolicy policy = ReloadPolicy.parse(reload);
        Duration delta = DurationText.parse("--experiment", experimentLength);
        Duration initialLoad = DurationText.parse("--load-time", loadTime);
        Duration reloadEach = reloadTime != null ? DurationText.parse("--reload-time", reloadTime)
                : policy.mode() == ReloadMode.FULL ? initialLoad : Duration.ZERO;
        RatingCosts costs = new RatingCosts(initialLoad, reloadEach, DurationText.parse("--warmup", warmup), delta);
        Curve parsed = Curve.parse(curve);
        return new Rater(settings, agreement, policy, costs).rate(new CurveExperimenter(parsed, agreement, delta));
    }

    private static String toJson(RatingReport report) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(RatingReportJson.toMap(report)) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report map of plain values did not serialize", e);
        }
    }
}
