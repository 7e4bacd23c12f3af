package org.openmark.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.openmark.config.ConfigException;

/**
 * Builds {@link Comparison}s: per operation in both sides, the figures with each side's
 * {@link FigureEstimate} compared by {@link IntervalStatistics#logRatio}, what cannot be judged and why,
 * and Holm's correction over every tested figure of a comparison.
 */
final class Comparer {
    private static final List<String> KINDS = List.of("response", "service");

    private Comparer() {
    }

    static List<Comparison> against(List<Side> sides) {
        SideEstimates estimates = new SideEstimates();
        List<Comparison> out = new ArrayList<>();
        for (int i = 1; i < sides.size(); i++) {
            out.add(of(sides.get(0), sides.get(i), estimates));
        }
        return out;
    }

    private static Comparison of(Side baseline, Side candidate, SideEstimates estimates) {
        List<Comparability.Warning> warnings = new ArrayList<>(Comparability.of(baseline, candidate));
        TreeSet<String> names = new TreeSet<>();
        TreeSet<String> onlyOne = new TreeSet<>();
        TreeSet<String> all = new TreeSet<>();
        for (Side s : List.of(baseline, candidate)) {
            s.runs().forEach(r -> all.addAll(r.response().keySet()));
        }
        for (String op : all) {
            (baseline.hasOk(op) && candidate.hasOk(op) ? names : onlyOne).add(op);
        }
        if (names.isEmpty()) {
            throw new ConfigException(candidate.name() + " and " + baseline.name() + " have no operation that ended"
                    + " OK in both (" + describe(baseline) + "; " + describe(candidate) + "): nothing to compare");
        }
        if (!onlyOne.isEmpty()) {
            warnings.add(new Comparability.Warning(Comparability.Kind.MISSING_OPERATION, "operations with OK results in"
                    + " only one of the sides (or not in each of a side's runs) are not compared: " + onlyOne));
        }
        for (Side s : List.of(baseline, candidate)) {
            for (RunData r : s.runs()) {
                if (!s.several() && r.intervalCount() < Comparison.FEW_INTERVALS) {
                    warnings.add(new Comparability.Warning(Comparability.Kind.NOTE, String.format(Locale.ROOT,
                            "%s has only %d measured intervals: too few to cut into many batches, so the confidence"
                            + " intervals are wide (several runs per side, or a longer run, narrow them)", r.name(),
                            r.intervalCount())));
                }
                if (s == candidate && r.load().shortOfSchedule()) {
                    warnings.add(new Comparability.Warning(Comparability.Kind.NOTE, String.format(Locale.ROOT,
                            "%s fell short of its schedule: %.0f of %.0f ops/s issued", r.name(),
                            r.load().achievedRate(), r.load().scheduledRate())));
                }
            }
        }
        if (baseline.several() != candidate.several()) {
            warnings.add(new Comparability.Warning(Comparability.Kind.NOTE, "one side has one run, the other several:"
                    + " each side's variance is estimated its own way (" + Comparison.ONE_RUN_METHOD + "; "
                    + Comparison.RUNS_METHOD + ")"));
        }
        List<OperationComparison> ops = new ArrayList<>();
        for (String op : names) {
            ops.add(operation(baseline, candidate, op, estimates, warnings));
        }
        return new Comparison(baseline, candidate, holm(ops), List.copyOf(warnings));
    }

    private static OperationComparison operation(Side a, Side b, String op, SideEstimates estimates,
            List<Comparability.Warning> warnings) {
        List<MetricChange> metrics = new ArrayList<>();
        metrics.add(throughput(a, b, op, estimates));
        boolean same = sameKinds(a, op) && sameKinds(b, op);
        Set<String> notJudged = new LinkedHashSet<>();
        for (String kind : KINDS) {
            List<Statistic> statistics = new ArrayList<>(List.of(new Statistic.Mean()));
            for (double p : Comparison.PERCENTILES) {
                statistics.add(new Statistic.Percentile(p));
            }
            for (Statistic s : statistics) {
                String metric = kind + " " + name(s) + " (us)";
                FigureEstimate ea = estimates.of(a, op, kind, s);
                FigureEstimate eb = estimates.of(b, op, kind, s);
                MetricChange m = MetricChange.tested(metric, true, IntervalStatistics.logRatio(ea, eb),
                        a.several() || b.several() ? Comparison.RUNS_METHOD : Comparison.ONE_RUN_METHOD);
                if (kind.equals("service") && same) {
                    m = m.untested(Comparison.SAME_AS_RESPONSE);
                } else if (ea.notJudged() != null || eb.notJudged() != null) {
                    m = m.untested(MetricChange.NOT_ENOUGH_DATA);
                    notJudged.add(String.format("not enough data to judge the %s %s: %s", kind, name(s),
                            ea.notJudged() != null ? ea.notJudged() : eb.notJudged()));
                }
                metrics.add(m);
            }
            metrics.add(MetricChange.shown(kind + " max (us)", true, max(a, op, kind), max(b, op, kind),
                    Comparison.MAX_METHOD, MetricChange.NOT_TESTED));
        }
        int fewest = Math.min(nonEmpty(a, op), nonEmpty(b, op));
        if (fewest < Comparison.MIN_INTERVALS) {
            warnings.add(new Comparability.Warning(Comparability.Kind.UNTESTED, String.format(Locale.ROOT,
                    "%s has operations in only %d intervals of a run: fewer than %d, so its figures are shown, not"
                    + " tested (run longer, or use a finer --granularity)", op, fewest, Comparison.MIN_INTERVALS)));
            metrics.replaceAll(m -> m.isTested() ? m.untested(MetricChange.NOT_ENOUGH_DATA) : m);
        } else if (!notJudged.isEmpty()) {
            for (String reason : notJudged) {
                warnings.add(new Comparability.Warning(Comparability.Kind.UNTESTED, op + ": " + reason));
            }
        }
        return new OperationComparison(op, metrics);
    }

    private static String name(Statistic s) {
        return s instanceof Statistic.Percentile p ? "p" + Comparison.trim(p.p()) : "mean";
    }

    private static String describe(Side s) {
        TreeSet<String> ok = new TreeSet<>();
        s.runs().forEach(r -> r.response().keySet().stream().filter(op -> r.okCount(op) > 0).forEach(ok::add));
        return s.name() + ": " + (ok.isEmpty() ? "none" : String.join(", ", ok));
    }

    /** Holm's correction over every tested figure of the comparison. */
    private static List<OperationComparison> holm(List<OperationComparison> ops) {
        List<MetricChange> flat = new ArrayList<>();
        ops.forEach(op -> flat.addAll(op.metrics()));
        double[] p = flat.stream().mapToDouble(m -> m.isTested() ? m.pValue() : Double.NaN).toArray();
        boolean[] significant = Holm.significant(p, 1 - IntervalStatistics.CONFIDENCE);
        List<OperationComparison> out = new ArrayList<>();
        int k = 0;
        for (OperationComparison op : ops) {
            List<MetricChange> judged = new ArrayList<>();
            for (MetricChange m : op.metrics()) {
                judged.add(m.judged(significant[k++]));
            }
            out.add(new OperationComparison(op.operation(), judged));
        }
        return out;
    }

    /**
     * Completions per second of {@code op}: a performance figure in the closed model (tested like a
     * latency, on the log); in the open model the schedule sets it, so it is shown, and the verdict
     * says whether the candidate kept to its schedule.
     */
    private static MetricChange throughput(Side a, Side b, String op, SideEstimates estimates) {
        FigureEstimate ea = estimates.of(a, op, "response", new Statistic.Rate());
        FigureEstimate eb = estimates.of(b, op, "response", new Statistic.Rate());
        IntervalStatistics.Change c = IntervalStatistics.logRatio(ea, eb);
        if (a.first().load().open() || b.first().load().open()) {
            boolean fell = b.runs().stream().anyMatch(r -> r.load().shortOfSchedule());
            return MetricChange.shown("throughput (ops/s)", false, c.baseline(), c.candidate(),
                    Comparison.OPEN_THROUGHPUT_METHOD, fell ? Comparison.SHORT_OF_SCHEDULE : Comparison.AS_SCHEDULED);
        }
        MetricChange m = MetricChange.tested("throughput (ops/s)", false, c, a.several() || b.several()
                ? Comparison.RUNS_METHOD : Comparison.ONE_RUN_METHOD);
        return ea.notJudged() != null || eb.notJudged() != null ? m.untested(MetricChange.NOT_ENOUGH_DATA) : m;
    }

    /** True when every run's service times of {@code op} equal its response times, interval by interval. */
    private static boolean sameKinds(Side s, String op) {
        for (RunData r : s.runs()) {
            if (!r.response().getOrDefault(op, List.of()).equals(r.service().getOrDefault(op, List.of()))) {
                return false;
            }
        }
        return true;
    }

    private static int nonEmpty(Side s, String op) {
        int fewest = Integer.MAX_VALUE;
        for (RunData r : s.runs()) {
            fewest = Math.min(fewest, (int) r.response().getOrDefault(op, List.of()).stream()
                    .filter(h -> h.getTotalCount() > 0).count());
        }
        return fewest;
    }

    private static double max(Side s, String op, String kind) {
        long max = 0;
        for (RunData r : s.runs()) {
            for (Histogram h : SideEstimates.intervals(r, op, kind)) {
                if (h.getTotalCount() > 0) {
                    max = Math.max(max, h.getMaxValue());
                }
            }
        }
        return max;
    }
}
