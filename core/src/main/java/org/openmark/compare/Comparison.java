package org.openmark.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.openmark.config.ConfigException;

/**
 * A candidate run against a baseline: per operation, throughput, the mean, percentiles and
 * maximum of response and service time, each with its relative change, a 95 % confidence
 * interval computed for interval data ({@link IntervalStatistics}), and a verdict; plus what makes
 * the two runs hard to compare ({@link Comparability}).
 *
 * @param warnings what makes the runs hard to compare, and figures that could not be tested
 * @param seed the bootstrap's seed (the same seed gives a run the same intervals, whichever runs it
 *     is compared with)
 */
public record Comparison(RunData baseline, RunData candidate, List<OperationComparison> operations,
        List<Comparability.Warning> warnings, int resamples, long seed) {

    /** The percentiles compared, besides the mean and the maximum. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};
    /**
     * Below this many intervals with operations in either run, an operation's figures are shown,
     * not tested: an autocorrelation, and so an effective sample size, cannot be estimated from
     * fewer.
     */
    public static final int MIN_INTERVALS = 5;
    /**
     * A percentile is tested only when at least this many operations of each run lie above it:
     * closer to the top it is nearly the maximum, and a bootstrap cannot tell how a maximum varies.
     */
    public static final int MIN_BEYOND = 5;
    /**
     * Below this many measured intervals a run is warned about: its autocorrelation can hardly be
     * estimated, so the tests assume what they cannot rule out and the intervals are wide.
     */
    public static final int FEW_INTERVALS = 20;
    public static final String MEANS_METHOD = "Welch's t-test on interval means, effective sample size from their"
            + " autocorrelation";
    public static final String PERCENTILE_METHOD = "bootstrap over intervals, effective sample size from their"
            + " autocorrelation, Welch's t-test on the log percentile";
    public static final String MAX_METHOD = "shown, not tested: a maximum is one operation, it has no confidence"
            + " interval";
    public static final String OPEN_THROUGHPUT_METHOD = "shown, not tested: the open model's schedule sets it";
    public static final String SIGNIFICANCE_METHOD = "Holm's step-down correction over every tested figure of a"
            + " comparison (family-wise 5%)";
    /** The verdict of the open model's throughput when the candidate kept to its schedule. */
    public static final String AS_SCHEDULED = "set by the schedule";
    /** The verdict of the open model's throughput when the candidate fell behind its schedule. */
    public static final String SHORT_OF_SCHEDULE = "short of its schedule";
    private static final List<String> KINDS = List.of("response", "service");

    /** Every run after the first against the first. */
    public static List<Comparison> against(List<RunData> runs, int resamples, long seed) {
        Estimates estimates = new Estimates(runs, resamples, seed);
        List<Comparison> out = new ArrayList<>();
        for (int i = 1; i < runs.size(); i++) {
            out.add(of(runs.get(0), runs.get(i), estimates, resamples, seed));
        }
        return out;
    }

    /** {@code candidate} against {@code baseline}. */
    public static Comparison of(RunData baseline, RunData candidate, int resamples, long seed) {
        return against(List.of(baseline, candidate), resamples, seed).get(0);
    }

    private static Comparison of(RunData baseline, RunData candidate, Estimates estimates, int resamples, long seed) {
        List<Comparability.Warning> warnings = new ArrayList<>(Comparability.of(baseline, candidate));
        TreeSet<String> names = new TreeSet<>();
        TreeSet<String> onlyOne = new TreeSet<>();
        TreeSet<String> all = new TreeSet<>(baseline.response().keySet());
        all.addAll(candidate.response().keySet());
        for (String op : all) {
            (baseline.okCount(op) > 0 && candidate.okCount(op) > 0 ? names : onlyOne).add(op);
        }
        if (names.isEmpty()) {
            throw new ConfigException(candidate.name() + " and " + baseline.name() + " have no operation that ended"
                    + " OK in both (" + describe(baseline) + "; " + describe(candidate) + "): nothing to compare");
        }
        if (!onlyOne.isEmpty()) {
            warnings.add(new Comparability.Warning(Comparability.Kind.MISSING_OPERATION, "operations with OK results in"
                    + " only one of the runs are not compared: " + onlyOne));
        }
        for (RunData r : List.of(baseline, candidate)) {
            if (r.intervalCount() < FEW_INTERVALS) {
                warnings.add(new Comparability.Warning(Comparability.Kind.NOTE, String.format(Locale.ROOT,
                        "%s has only %d measured intervals: too few to tell how they correlate, so the confidence"
                        + " intervals are wide (a finer --granularity, e.g. 250, or a longer run narrows them)",
                        r.name(), r.intervalCount())));
            }
        }
        if (candidate.load().shortOfSchedule()) {
            warnings.add(new Comparability.Warning(Comparability.Kind.NOTE, String.format(Locale.ROOT,
                    "%s fell short of its schedule: %.0f of %.0f ops/s issued", candidate.name(),
                    candidate.load().achievedRate(), candidate.load().scheduledRate())));
        }
        List<OperationComparison> ops = new ArrayList<>();
        for (String op : names) {
            List<MetricChange> metrics = new ArrayList<>();
            metrics.add(throughput(baseline, candidate, op));
            for (String kind : KINDS) {
                List<Histogram> a = (kind.equals("response") ? baseline.response() : baseline.service()).get(op);
                List<Histogram> b = (kind.equals("response") ? candidate.response() : candidate.service()).get(op);
                metrics.add(MetricChange.tested(kind + " mean (us)", true,
                        IntervalStatistics.means(means(a), means(b)), MEANS_METHOD));
                PercentileBootstrap.Estimate[] ea = estimates.of(baseline, op, kind);
                PercentileBootstrap.Estimate[] eb = estimates.of(candidate, op, kind);
                for (int j = 0; j < PERCENTILES.length; j++) {
                    MetricChange m = MetricChange.tested(kind + " p" + trim(PERCENTILES[j]) + " (us)", true,
                            IntervalStatistics.percentiles(ea[j], eb[j]), PERCENTILE_METHOD);
                    metrics.add(beyond(baseline, op, PERCENTILES[j]) < MIN_BEYOND
                            || beyond(candidate, op, PERCENTILES[j]) < MIN_BEYOND ? m.untested(MetricChange.NOT_TESTED)
                            : m);
                }
                metrics.add(MetricChange.shown(kind + " max (us)", true, max(a), max(b), MAX_METHOD,
                        MetricChange.NOT_TESTED));
            }
            int na = nonEmpty(baseline.response().get(op));
            int nb = nonEmpty(candidate.response().get(op));
            if (na < MIN_INTERVALS || nb < MIN_INTERVALS) {
                warnings.add(new Comparability.Warning(Comparability.Kind.UNTESTED, String.format(Locale.ROOT,
                        "%s has operations in %d intervals of %s and %d of %s: fewer than %d, so its figures are"
                        + " shown, not tested (run longer, or use a finer --granularity)", op, na, baseline.name(),
                        nb, candidate.name(), MIN_INTERVALS)));
                metrics.replaceAll(m -> m.isTested() ? m.untested(MetricChange.NOT_TESTED) : m);
            } else {
                List<String> tail = new ArrayList<>();
                for (double p : PERCENTILES) {
                    if (beyond(baseline, op, p) < MIN_BEYOND || beyond(candidate, op, p) < MIN_BEYOND) {
                        tail.add("p" + trim(p));
                    }
                }
                if (!tail.isEmpty()) {
                    warnings.add(new Comparability.Warning(Comparability.Kind.UNTESTED, String.format(Locale.ROOT,
                            "%s %s: fewer than %d operations above it in %s (%d OK) or %s (%d OK), so it is shown,"
                            + " not tested", op, String.join(", ", tail), MIN_BEYOND, baseline.name(),
                            baseline.okCount(op), candidate.name(), candidate.okCount(op))));
                }
            }
            ops.add(new OperationComparison(op, metrics));
        }
        return new Comparison(baseline, candidate, holm(ops), List.copyOf(warnings), resamples, seed);
    }

    private static String describe(RunData r) {
        TreeSet<String> ok = new TreeSet<>();
        r.response().keySet().stream().filter(op -> r.okCount(op) > 0).forEach(ok::add);
        return r.name() + ": " + (ok.isEmpty() ? "none" : String.join(", ", ok));
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
     * Completions per second of {@code op}: a performance figure in the closed model (Welch's test on
     * the interval rates); in the open model the schedule sets it, so it is shown, and the verdict
     * says whether the candidate kept to its schedule.
     */
    private static MetricChange throughput(RunData a, RunData b, String op) {
        IntervalStatistics.Change c = IntervalStatistics.means(rates(a, op), rates(b, op));
        if (a.load().open() || b.load().open()) {
            return MetricChange.shown("throughput (ops/s)", false, c.baseline(), c.candidate(), OPEN_THROUGHPUT_METHOD,
                    b.load().shortOfSchedule() ? SHORT_OF_SCHEDULE : AS_SCHEDULED);
        }
        return MetricChange.tested("throughput (ops/s)", false, c, MEANS_METHOD);
    }

    private static double[] rates(RunData r, String op) {
        List<Histogram> intervals = r.response().get(op);
        double[] x = new double[intervals.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = intervals.get(i).getTotalCount() / r.intervals().get(i).lengthSeconds();
        }
        return x;
    }

    /** The mean of every interval that has values (an empty interval has no mean). */
    private static double[] means(List<Histogram> intervals) {
        return intervals.stream().filter(h -> h.getTotalCount() > 0).mapToDouble(Histogram::getMean).toArray();
    }

    /** How many of the run's OK operations of {@code op} lie above its percentile p, in expectation. */
    private static double beyond(RunData r, String op, double p) {
        return r.okCount(op) * (1 - p / 100);
    }

    private static int nonEmpty(List<Histogram> intervals) {
        return (int) intervals.stream().filter(h -> h.getTotalCount() > 0).count();
    }

    private static double max(List<Histogram> intervals) {
        long max = 0;
        for (Histogram h : intervals) {
            if (h.getTotalCount() > 0) {
                max = Math.max(max, h.getMaxValue());
            }
        }
        return max;
    }

    static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    /** The figures the gate looks at: the response-time mean, p50 and p99. */
    public static boolean gated(MetricChange m) {
        return m.metric().startsWith("response mean") || m.metric().startsWith("response p50 ")
                || m.metric().startsWith("response p99 ");
    }

    /**
     * The gate: the gated figures of any operation in which the candidate is significantly slower
     * (after Holm's correction) and the whole 95 % interval of the change lies above
     * {@code threshold} (0.05 = 5 %), so the change is significantly larger than the threshold.
     */
    public List<String> slowerThan(double threshold) {
        List<String> found = new ArrayList<>();
        for (OperationComparison op : operations) {
            for (MetricChange m : op.metrics()) {
                if (gated(m) && m.worse() && m.ciLow() > threshold) {
                    found.add(String.format(Locale.ROOT, "%s %s %+.1f%% (95%% CI %+.1f%% .. %+.1f%%)", op.operation(),
                            m.metric(), 100 * m.relative(), 100 * m.ciLow(), 100 * m.ciHigh()));
                }
            }
        }
        return found;
    }

    /**
     * Why the gate cannot judge this comparison, each reason with its kind (which says whether an
     * allowance could lift it): a run that is not valid (unless {@code allowInvalid}), runs that did
     * different work (unless {@code allowDifferentWork}), an operation that ended OK in one run only,
     * or no gated figure tested at all ({@link Comparability.Kind#UNTESTED}). Figures left untested
     * for want of data in some operations do not stop it (their warning names them); it judges the
     * others.
     */
    public List<Comparability.Warning> gateBlockers(boolean allowInvalid, boolean allowDifferentWork) {
        List<Comparability.Warning> out = new ArrayList<>();
        for (Comparability.Warning w : warnings) {
            boolean blocks = switch (w.kind()) {
                case INVALID_RUN -> !allowInvalid;
                case DIFFERENT_WORK -> !allowDifferentWork;
                case MISSING_OPERATION -> true;
                case UNTESTED, NOTE -> false;
            };
            if (blocks) {
                out.add(w);
            }
        }
        boolean anyGated = operations.stream().flatMap(op -> op.metrics().stream())
                .anyMatch(m -> gated(m) && m.isTested());
        if (!anyGated) {
            out.add(new Comparability.Warning(Comparability.Kind.UNTESTED, "no response-time mean, p50 or p99 could"
                    + " be tested (too few intervals or operations)"));
        }
        return out;
    }

    /** The bootstrap of every run, operation and kind, each done once (a baseline serves every candidate). */
    private static final class Estimates {
        private final List<RunData> runs;
        private final int resamples;
        private final long seed;
        private final Map<String, PercentileBootstrap.Estimate[]> done = new HashMap<>();

        Estimates(List<RunData> runs, int resamples, long seed) {
            this.runs = runs;
            this.resamples = resamples;
            this.seed = seed;
        }

        PercentileBootstrap.Estimate[] of(RunData run, String op, String kind) {
            int index = 0;
            while (runs.get(index) != run) {
                index++;
            }
            // The seed depends on the operation and kind, not on the run's place: a run gets the same
            // intervals whichever runs it is compared with.
            return done.computeIfAbsent(index + "/" + op + "/" + kind, key -> PercentileBootstrap.estimate(
                    (kind.equals("response") ? run.response() : run.service()).get(op), PERCENTILES, resamples,
                    seed * 0x9E3779B97F4A7C15L + (op + "/" + kind).hashCode()));
        }
    }
}
