package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * A candidate run against a baseline: per operation, throughput, the mean and percentiles of
 * response and service time, each with its relative change, a 95 % confidence interval computed
 * for interval data ({@link IntervalStatistics}), and a verdict; plus what makes the two runs
 * hard to compare (a different store, workload, model, rate, duration or openmark version; an
 * invalid run).
 *
 * @param seed the bootstrap's seed (the same seed gives the same intervals)
 */
public record Comparison(RunData baseline, RunData candidate, List<OperationComparison> operations,
        List<String> warnings, int resamples, long seed) {

    /** The percentiles compared, besides the mean. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};
    public static final String MEANS_METHOD = "Welch's t-test on interval means, AR(1) effective sample size";
    public static final String PERCENTILE_METHOD = "moving-block bootstrap over intervals";

    /** Compares {@code candidate} with {@code baseline}. */
    public static Comparison of(RunData baseline, RunData candidate, int resamples, long seed) {
        List<String> warnings = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(baseline.facts().keySet());
        keys.addAll(candidate.facts().keySet());
        for (String k : keys) {
            String a = baseline.facts().get(k);
            String b = candidate.facts().get(k);
            if (!Objects.equals(a, b)) {
                warnings.add(String.format("%s differs: %s in %s, %s in %s — the runs did different work, so a"
                        + " difference may not be the store's", k, a == null ? "(unset)" : a, baseline.name(),
                        b == null ? "(unset)" : b, candidate.name()));
            }
        }
        for (RunData r : List.of(baseline, candidate)) {
            if (!r.valid()) {
                warnings.add(r.name() + " is not a valid run (see its result.json's warnings): its figures are not"
                        + " evidence");
            }
            if (r.intervalSeconds().size() < 10) {
                warnings.add(r.name() + " has only " + r.intervalSeconds().size() + " measured intervals: the"
                        + " confidence intervals are wide (longer runs, or a finer --granularity, narrow them)");
            }
        }
        List<OperationComparison> ops = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(baseline.response().keySet());
        names.retainAll(candidate.response().keySet());
        TreeSet<String> onlyOne = new TreeSet<>(baseline.response().keySet());
        onlyOne.addAll(candidate.response().keySet());
        onlyOne.removeAll(names);
        if (!onlyOne.isEmpty()) {
            warnings.add("operations in only one of the runs are not compared: " + onlyOne);
        }
        long opSeed = seed;
        for (String op : names) {
            List<MetricChange> metrics = new ArrayList<>();
            metrics.add(rate(baseline, candidate, op));
            for (String kind : List.of("response", "service")) {
                List<Histogram> a = (kind.equals("response") ? baseline.response() : baseline.service()).get(op);
                List<Histogram> b = (kind.equals("response") ? candidate.response() : candidate.service()).get(op);
                IntervalStatistics.Change m = IntervalStatistics.means(means(a), means(b));
                metrics.add(change(kind + " mean (us)", m, MEANS_METHOD));
                for (double p : PERCENTILES) {
                    IntervalStatistics.Change c = IntervalStatistics.percentile(a, b, p, resamples, opSeed++);
                    metrics.add(change(kind + " p" + trim(p) + " (us)", c, PERCENTILE_METHOD));
                }
            }
            ops.add(new OperationComparison(op, metrics));
        }
        return new Comparison(baseline, candidate, holm(ops), warnings, resamples, seed);
    }

    /**
     * Holm's step-down correction over every figure of the comparison: with some twenty figures
     * per operation, 5 % per figure would raise a false alarm in most comparisons of identical
     * runs; Holm keeps the chance of any false alarm at 5 %.
     */
    private static List<OperationComparison> holm(List<OperationComparison> ops) {
        List<double[]> ranked = new ArrayList<>(); // {p, op index, metric index}
        for (int i = 0; i < ops.size(); i++) {
            for (int j = 0; j < ops.get(i).metrics().size(); j++) {
                ranked.add(new double[] {ops.get(i).metrics().get(j).pValue(), i, j});
            }
        }
        ranked.sort(java.util.Comparator.comparingDouble(x -> x[0]));
        boolean[][] significant = new boolean[ops.size()][];
        for (int i = 0; i < ops.size(); i++) {
            significant[i] = new boolean[ops.get(i).metrics().size()];
        }
        int m = ranked.size();
        for (int k = 0; k < m; k++) {
            double[] x = ranked.get(k);
            if (x[0] > (1 - IntervalStatistics.CONFIDENCE) / (m - k)) {
                break;
            }
            significant[(int) x[1]][(int) x[2]] = true;
        }
        List<OperationComparison> out = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            List<MetricChange> judged = new ArrayList<>();
            for (int j = 0; j < ops.get(i).metrics().size(); j++) {
                judged.add(ops.get(i).metrics().get(j).judged(significant[i][j]));
            }
            out.add(new OperationComparison(ops.get(i).operation(), judged));
        }
        return out;
    }

    /** Completions per second of {@code op}, interval by interval. */
    private static MetricChange rate(RunData a, RunData b, String op) {
        IntervalStatistics.Change c = IntervalStatistics.means(rates(a, op), rates(b, op));
        return new MetricChange("throughput (ops/s)", false, c.baseline(), c.candidate(), c.relative(), c.ciLow(),
                c.ciHigh(), c.pValue(), false, MEANS_METHOD);
    }

    private static double[] rates(RunData r, String op) {
        List<Histogram> intervals = r.response().get(op);
        double[] x = new double[intervals.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = intervals.get(i).getTotalCount() / r.intervalSeconds().get(i);
        }
        return x;
    }

    /** The mean of every interval that has values (an empty interval has no mean). */
    private static double[] means(List<Histogram> intervals) {
        return intervals.stream().filter(h -> h.getTotalCount() > 0).mapToDouble(Histogram::getMean).toArray();
    }

    private static MetricChange change(String metric, IntervalStatistics.Change c, String method) {
        return new MetricChange(metric, true, c.baseline(), c.candidate(), c.relative(), c.ciLow(), c.ciHigh(),
                c.pValue(), false, method);
    }

    static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    /**
     * The gate: the metrics (mean, p50 or p99 of response time, of any operation) in which the
     * candidate is significantly slower by more than {@code threshold} (0.05 = 5 %).
     */
    public List<String> slowerThan(double threshold) {
        List<String> found = new ArrayList<>();
        for (OperationComparison op : operations) {
            for (MetricChange m : op.metrics()) {
                boolean gated = m.metric().startsWith("response mean") || m.metric().startsWith("response p50 ")
                        || m.metric().startsWith("response p99 ");
                if (gated && m.worse() && m.relative() > threshold) {
                    found.add(String.format("%s %s: %+.1f%% (95%% CI %+.1f%% .. %+.1f%%)", op.operation(), m.metric(),
                            100 * m.relative(), 100 * m.ciLow(), 100 * m.ciHigh()));
                }
            }
        }
        return found;
    }
}
