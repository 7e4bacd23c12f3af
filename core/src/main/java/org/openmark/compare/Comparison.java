package org.openmark.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A candidate against a baseline, each a {@link Side} of one run or several: per operation,
 * throughput, the mean, percentiles and maximum of response and service time, each with its
 * relative change, a 95 % confidence interval ({@link IntervalStatistics}) and a verdict; plus
 * what makes the two sides hard to compare ({@link Comparability}). {@link Comparer} builds it.
 *
 * @param warnings what makes the sides hard to compare, and figures that could not be judged
 */
public record Comparison(Side baseline, Side candidate, List<OperationComparison> operations,
        List<Comparability.Warning> warnings) {

    /** The percentiles compared, besides the mean and the maximum. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9};
    /**
     * Below this many intervals with operations in a run, an operation's figures are shown, not
     * tested: three batches of one interval each say little of how a run's stretches vary.
     */
    public static final int MIN_INTERVALS = 6;
    /**
     * Below this many measured intervals a run is warned about: it cannot be cut into many batches
     * long against its memory, so the intervals are wide.
     */
    public static final int FEW_INTERVALS = 20;
    public static final String ONE_RUN_METHOD = "one run per side: a jackknife over batches of the run (the figure of"
            + " the run without each batch in turn; as many batches as its bursts and memory allow), on the log of the"
            + " figure, t with batches - 1 degrees of freedom";
    public static final String RUNS_METHOD = "several runs per side: the spread of the runs' figures (each side's"
            + " figure is the geometric mean of its runs'), on the log, t with runs - 1 degrees of freedom per side";
    public static final String TAIL_RULE = "a percentile whose operations above it came from fewer than 10 bursts of"
            + " a run, in effect, is not judged (not enough data)";
    public static final String MAX_METHOD = "shown, not tested: a maximum is one operation, it has no confidence"
            + " interval";
    public static final String OPEN_THROUGHPUT_METHOD = "shown, not tested: the open model's schedule sets it";
    public static final String SIGNIFICANCE_METHOD = "Holm's step-down correction over every tested figure of a"
            + " comparison (family-wise 5%)";
    /** The verdict of the open model's throughput when the candidate kept to its schedule. */
    public static final String AS_SCHEDULED = "set by the schedule";
    /** The verdict of the open model's throughput when the candidate fell behind its schedule. */
    public static final String SHORT_OF_SCHEDULE = "short of its schedule";
    /** The verdict of a service-time figure identical to the response-time one in both sides (no send lag). */
    public static final String SAME_AS_RESPONSE = "same as response";

    /** Every side after the first against the first. */
    public static List<Comparison> against(List<Side> sides) {
        return Comparer.against(sides);
    }

    /** {@code candidate} against {@code baseline}, one run each. */
    public static Comparison of(RunData baseline, RunData candidate) {
        return against(List.of(Side.of(baseline), Side.of(candidate))).get(0);
    }

    /** {@code candidate} against {@code baseline}. */
    public static Comparison of(Side baseline, Side candidate) {
        return against(List.of(baseline, candidate)).get(0);
    }

    static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    /** The change of {@code metric} (e.g. {@code response p99}) of operation {@code op}, or null when it was not compared. */
    public MetricChange metric(String op, String metric) {
        for (OperationComparison o : operations) {
            if (o.operation().equals(op)) {
                for (MetricChange m : o.metrics()) {
                    if (m.metric().equals(metric)) {
                        return m;
                    }
                }
            }
        }
        return null;
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
     * different work (unless {@code allowDifferentWork}), an operation that ended OK in one side
     * only, or no gated figure tested at all ({@link Comparability.Kind#UNTESTED}). Figures left
     * untested for want of data in some operations do not stop it (their warning names them); it
     * judges the others.
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
                    + " be tested (not enough data)"));
        }
        return out;
    }
}
