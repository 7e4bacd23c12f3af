package org.openmark.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison as nested maps for {@code compare.json}: per candidate, the baseline, each side's
 * runs, the method, the warnings and per operation every metric with both values, the relative
 * change, its 95 % interval, whether it is tested and significant, and the verdict; the summary
 * and what could not be judged.
 */
public final class CompareJson {
    private CompareJson() {
    }

    public static Map<String, Object> toMap(List<Comparison> comparisons, Gate.Verdict gate) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("confidence", IntervalStatistics.CONFIDENCE);
        Map<String, Object> method = new LinkedHashMap<>();
        method.put("oneRun", Comparison.ONE_RUN_METHOD);
        method.put("severalRuns", Comparison.RUNS_METHOD);
        method.put("tails", Comparison.TAIL_RULE);
        method.put("significance", Comparison.SIGNIFICANCE_METHOD);
        method.put("max", Comparison.MAX_METHOD);
        method.put("openModelThroughput", Comparison.OPEN_THROUGHPUT_METHOD);
        method.put("minIntervals", Comparison.MIN_INTERVALS);
        root.put("method", method);
        List<String> runs = new ArrayList<>();
        if (!comparisons.isEmpty()) {
            runs.add(comparisons.get(0).baseline().name());
        }
        comparisons.forEach(c -> runs.add(c.candidate().name()));
        root.put("runs", runs);
        List<Object> list = new ArrayList<>();
        for (Comparison c : comparisons) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("baseline", c.baseline().name());
            m.put("candidate", c.candidate().name());
            m.put("baselineRuns", c.baseline().runs().stream().map(RunData::name).toList());
            m.put("candidateRuns", c.candidate().runs().stream().map(RunData::name).toList());
            m.put("baselineValid", c.baseline().valid());
            m.put("candidateValid", c.candidate().valid());
            m.put("baselineIntervals", c.baseline().intervalCount());
            m.put("candidateIntervals", c.candidate().intervalCount());
            m.put("warnings", Comparability.texts(c.warnings()));
            Map<String, Object> ops = new LinkedHashMap<>();
            for (OperationComparison op : c.operations()) {
                Map<String, Object> metrics = new LinkedHashMap<>();
                for (MetricChange mc : op.metrics()) {
                    Map<String, Object> x = new LinkedHashMap<>();
                    x.put("baseline", round(mc.baseline()));
                    x.put("candidate", round(mc.candidate()));
                    x.put("relativeChange", round(mc.relative()));
                    x.put("tested", mc.isTested());
                    x.put("ciLow", round(mc.ciLow()));
                    x.put("ciHigh", round(mc.ciHigh()));
                    x.put("pValue", fourDigits(mc.pValue()));
                    x.put("significant", mc.significant());
                    x.put("verdict", mc.verdict());
                    metrics.put(mc.metric(), x);
                }
                ops.put(op.operation(), metrics);
            }
            m.put("operations", ops);
            m.put("summary", CompareText.summary(c));
            m.put("notJudged", CompareText.notJudged(c));
            list.add(m);
        }
        root.put("comparisons", list);
        if (gate != null) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("outcome", gate.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            g.put("line", gate.line());
            root.put("gate", g);
        }
        return root;
    }

    /** Four significant digits (a p-value can be tiny); null when not tested. */
    private static Double fourDigits(double x) {
        return Double.isFinite(x) ? new java.math.BigDecimal(x).round(new java.math.MathContext(4)).doubleValue()
                : null;
    }

    /** Six decimals; null for a figure that has no such number (NaN: not tested). */
    private static Double round(double x) {
        return Double.isFinite(x) ? Math.rint(x * 1e6) / 1e6 : null;
    }
}
