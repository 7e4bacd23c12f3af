package org.openmark.rating;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.openmark.config.ConfigException;

/**
 * BG's delta analyzer: how long must one experiment (δ) be for its throughput to be
 * trustworthy? Runs the same load for t, 2t, 4t, … until the last q runs agree, and picks the
 * shortest of those q, since runs two and four times as long told the same story.
 *
 * <p>Agreement: the q throughputs' spread (max − min) is at most {@code threshold} × max, and
 * every utilization figure present in all q runs spreads by at most {@code threshold} in absolute
 * terms (utilizations are fractions in [0, 1]; a relative rule would call 1% vs 2% CPU a
 * disagreement). After {@code maxRuns} runs without agreement the analysis stops, reports
 * {@code converged = false} and proposes the longest length tried.
 *
 * <p>Defaults ({@link #defaults()}): t = 10 s, q = 3, threshold 5%, at most 8 runs (the last
 * one 21m20s; all of them 42m30s).
 */
public final class DeltaAnalyzer {
    public static final Duration DEFAULT_INITIAL_LENGTH = Duration.ofSeconds(10);
    public static final int DEFAULT_AGREEING_RUNS = 3;
    public static final double DEFAULT_THRESHOLD = 0.05;
    public static final int DEFAULT_MAX_RUNS = 8;

    private final Duration initialLength;
    private final int agreeingRuns;
    private final double threshold;
    private final int maxRuns;

    /** An analyzer; errors name the rating property at fault. */
    public DeltaAnalyzer(Duration initialLength, int agreeingRuns, double threshold, int maxRuns) {
        Objects.requireNonNull(initialLength, "initialLength");
        if (initialLength.isZero() || initialLength.isNegative()) {
            throw ConfigException.of("delta.initial", initialLength.toString(), "must be > 0");
        }
        if (agreeingRuns < 2) {
            throw ConfigException.of("delta.agree", String.valueOf(agreeingRuns), "must be >= 2 (runs that must agree)");
        }
        if (!(threshold >= 0 && threshold < 1)) {
            throw ConfigException.of("delta.threshold", String.valueOf(threshold), "must be >= 0 and < 1");
        }
        if (maxRuns < agreeingRuns || maxRuns > 30) {
            throw ConfigException.of("delta.maxruns", String.valueOf(maxRuns),
                    "must be >= delta.agree (" + agreeingRuns + ") and <= 30");
        }
        this.initialLength = initialLength;
        this.agreeingRuns = agreeingRuns;
        this.threshold = threshold;
        this.maxRuns = maxRuns;
    }

    /** t = 10 s, q = 3, threshold 5%, at most 8 runs. */
    public static DeltaAnalyzer defaults() {
        return new DeltaAnalyzer(DEFAULT_INITIAL_LENGTH, DEFAULT_AGREEING_RUNS, DEFAULT_THRESHOLD, DEFAULT_MAX_RUNS);
    }

    /** Runs {@code runFor} with doubling lengths until q consecutive runs agree. */
    public DeltaAnalysis analyze(Function<Duration, DeltaSample> runFor) {
        List<DeltaAnalysis.Run> runs = new ArrayList<>();
        Duration length = initialLength;
        for (int i = 0; i < maxRuns; i++) {
            runs.add(new DeltaAnalysis.Run(length, Objects.requireNonNull(runFor.apply(length), "sample")));
            if (runs.size() >= agreeingRuns) {
                List<DeltaAnalysis.Run> window = runs.subList(runs.size() - agreeingRuns, runs.size());
                if (agree(window)) {
                    return new DeltaAnalysis(window.get(0).length(), true, runs);
                }
            }
            length = length.multipliedBy(2);
        }
        return new DeltaAnalysis(runs.get(runs.size() - 1).length(), false, runs);
    }

    private boolean agree(List<DeltaAnalysis.Run> window) {
        double min = Double.MAX_VALUE;
        double max = 0;
        Set<String> names = new HashSet<>(window.get(0).sample().utilization().keySet());
        for (DeltaAnalysis.Run run : window) {
            min = Math.min(min, run.sample().throughputOpsPerSec());
            max = Math.max(max, run.sample().throughputOpsPerSec());
            names.retainAll(run.sample().utilization().keySet());
        }
        if (max - min > threshold * max) {
            return false;
        }
        for (String name : names) {
            double lo = 1;
            double hi = 0;
            for (DeltaAnalysis.Run run : window) {
                double u = run.sample().utilization().get(name);
                lo = Math.min(lo, u);
                hi = Math.max(hi, u);
            }
            if (hi - lo > threshold) {
                return false;
            }
        }
        return true;
    }
}
