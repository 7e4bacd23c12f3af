package org.openmark.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openmark.measure.Measurements;

/**
 * Each side's estimate of each figure, computed once (a baseline serves every candidate): a side
 * of one run by {@link BatchJackknife} over as many batches as the run's bursts and memory allow
 * ({@link BatchJackknife#batches}), a percentile set by fewer than {@link TailBursts#MIN_BURSTS}
 * bursts not judged; a side of several runs by {@link BetweenRuns} on each run's figure.
 */
final class SideEstimates {
    /** Every figure a comparison estimates: the mean, the percentiles, the rate. */
    static final List<Statistic> STATISTICS = statistics();

    private final Map<Side, Map<String, Map<Statistic, FigureEstimate>>> done = new IdentityHashMap<>();

    private static List<Statistic> statistics() {
        List<Statistic> out = new ArrayList<>(List.of(new Statistic.Mean(), new Statistic.Rate()));
        for (double p : Comparison.PERCENTILES) {
            out.add(new Statistic.Percentile(p));
        }
        return List.copyOf(out);
    }

    /** The figure {@code statistic} of {@code op}'s OK {@code kind} times (response, service) in {@code side}. */
    FigureEstimate of(Side side, String op, String kind, Statistic statistic) {
        return done.computeIfAbsent(side, s -> new HashMap<>()).computeIfAbsent(op + "/" + kind,
                key -> compute(side, op, kind)).get(statistic);
    }

    private Map<Statistic, FigureEstimate> compute(Side side, String op, String kind) {
        if (kind.equals("service") && side.runs().stream().allMatch(r -> intervals(r, op, kind).equals(
                intervals(r, op, "response")))) {
            return done.get(side).computeIfAbsent(op + "/response", key -> compute(side, op, "response"));
        }
        Map<Statistic, FigureEstimate> out = new HashMap<>();
        if (!side.several()) {
            RunData run = side.first();
            List<Histogram> intervals = intervals(run, op, kind);
            List<FigureEstimate> estimates = oneRun(run, intervals);
            for (int i = 0; i < STATISTICS.size(); i++) {
                out.put(STATISTICS.get(i), judgeTail(STATISTICS.get(i), estimates.get(i), intervals, run.name()));
            }
            return out;
        }
        for (Statistic statistic : STATISTICS) {
            double[] values = new double[side.runs().size()];
            for (int i = 0; i < values.length; i++) {
                RunData run = side.runs().get(i);
                Histogram total = Measurements.newHistogram();
                intervals(run, op, kind).forEach(total::add);
                double seconds = run.intervals().stream().mapToDouble(RunData.Interval::lengthSeconds).sum();
                values[i] = statistic.of(total, seconds);
            }
            out.put(statistic, BetweenRuns.of(values, statistic));
        }
        return out;
    }

    /**
     * A percentile of one run set by fewer than {@link TailBursts#MIN_BURSTS} bursts is not judged;
     * otherwise its variance, learned from C bursts, is known no better than from C/2 independent
     * values, so it gets at most C/2 degrees of freedom.
     */
    private static FigureEstimate judgeTail(Statistic statistic, FigureEstimate e, List<Histogram> intervals,
            String run) {
        if (e.notJudged() != null || !(statistic instanceof Statistic.Percentile)) {
            return e;
        }
        double bursts = TailBursts.effective(intervals, e.value());
        if (bursts < TailBursts.MIN_BURSTS) {
            return e.notJudged(String.format(Locale.ROOT, "its operations above it came from %.1f bursts of %s, in"
                    + " effect; at least %.0f are needed (several runs per side, or longer runs, give more)", bursts,
                    run, TailBursts.MIN_BURSTS));
        }
        return new FigureEstimate(e.value(), e.logValue(), e.logVariance(), Math.min(e.degreesOfFreedom(), bursts / 2),
                null);
    }

    /**
     * Every figure of one run, jackknifed over as many batches as {@link BatchJackknife#batches}
     * allows, fewer when a batch would have no operation.
     */
    private static List<FigureEstimate> oneRun(RunData run, List<Histogram> intervals) {
        int b = BatchJackknife.batches(intervals);
        while (true) {
            List<FigureEstimate> e = BatchJackknife.estimate(intervals, run.intervals(), STATISTICS, b);
            if (e.stream().allMatch(x -> x.notJudged() == null) || b <= BatchJackknife.MIN_BATCHES) {
                return e;
            }
            b = Math.max(BatchJackknife.MIN_BATCHES, b / 2);
        }
    }

    static List<Histogram> intervals(RunData run, String op, String kind) {
        return (kind.equals("service") ? run.service() : run.response()).getOrDefault(op, List.of());
    }
}
