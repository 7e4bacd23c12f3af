package org.openmark.txn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The transactional overhead: the same workload run with and without transactions, compared.
 *
 * <p>Two kinds of pairs are compared. An operation name found in both runs (READ, UPDATE) is
 * compared with itself: the cost a store call pays for running inside a transaction. A unit
 * {@code TX-X} of the transactional run is compared with the plain {@code X} of the other run:
 * the cost of the whole unit of work, START and COMMIT included. Names found in one run only
 * (START, COMMIT, ABORT) are reported with the figures that exist.
 *
 * <p>Text lines read {@code [TXN-OVERHEAD], READ.MeanLatency(us).withTxn, 812.00}, then
 * {@code .withoutTxn}, {@code .overhead} (with − without, same unit) and {@code .overhead(%)}
 * (relative to without), for the mean, the median and the 99th percentile; the throughput
 * lines say {@code change} instead of {@code overhead}.
 */
public final class TxnOverhead {
    private static final String SECTION = "[TXN-OVERHEAD], ";

    private final List<String> textLines;
    private final Map<String, Object> values;

    private TxnOverhead(List<String> textLines, Map<String, Object> values) {
        this.textLines = List.copyOf(textLines);
        this.values = values;
    }

    /** Compares a run with transactions to one without. */
    public static TxnOverhead compare(RunSummary withTxn, RunSummary withoutTxn) {
        List<String> lines = new ArrayList<>();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("throughputPerSec", pair(lines, "Throughput(ops/sec)", withTxn.throughputPerSec(),
                withoutTxn.throughputPerSec(), "change"));
        Map<String, LatencySummary> with = withTxn.operations();
        Map<String, LatencySummary> without = withoutTxn.operations();
        Map<String, Object> ops = new LinkedHashMap<>();
        TreeSet<String> names = new TreeSet<>(with.keySet());
        names.addAll(without.keySet());
        for (String name : names) {
            LatencySummary w = with.get(name);
            LatencySummary wo = without.get(name);
            if (name.startsWith(TransactionalOperation.PREFIX) && w != null && wo == null) {
                // The unit against the same operation run plainly.
                wo = without.get(name.substring(TransactionalOperation.PREFIX.length()));
            } else if (w == null && with.containsKey(TransactionalOperation.PREFIX + name)) {
                continue; // compared with its TX- unit
            }
            ops.put(name, latencies(lines, name, w, wo));
        }
        values.put("operations", ops);
        return new TxnOverhead(lines, values);
    }

    /** Lines for the text report. */
    public List<String> textLines() {
        return textLines;
    }

    /** The same figures for result.json: {@code throughputPerSec} and per name {@code meanUs, p50Us, p99Us}. */
    public Map<String, Object> values() {
        return values;
    }

    private static Map<String, Object> latencies(List<String> lines, String name, LatencySummary with,
            LatencySummary without) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("meanUs", metric(lines, name + ".MeanLatency(us)", with, without, LatencySummary::meanUs));
        m.put("p50Us", metric(lines, name + ".50thPercentileLatency(us)", with, without, LatencySummary::p50Us));
        m.put("p99Us", metric(lines, name + ".99thPercentileLatency(us)", with, without, LatencySummary::p99Us));
        return m;
    }

    private static Map<String, Object> metric(List<String> lines, String label, LatencySummary with,
            LatencySummary without, ToDoubleFunction<LatencySummary> figure) {
        if (with != null && without != null) {
            return pair(lines, label, figure.applyAsDouble(with), figure.applyAsDouble(without), "overhead");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (with != null) {
            m.put("withTxn", figure.applyAsDouble(with));
            lines.add(SECTION + label + ".withTxn, " + number(figure.applyAsDouble(with)));
        } else {
            m.put("withoutTxn", figure.applyAsDouble(without));
            lines.add(SECTION + label + ".withoutTxn, " + number(figure.applyAsDouble(without)));
        }
        return m;
    }

    /** with, without, their difference and the difference relative to without (absent when without is 0). */
    private static Map<String, Object> pair(List<String> lines, String label, double with, double without,
            String diffName) {
        Map<String, Object> m = new LinkedHashMap<>();
        double diff = with - without;
        lines.add(SECTION + label + ".withTxn, " + number(with));
        lines.add(SECTION + label + ".withoutTxn, " + number(without));
        lines.add(SECTION + label + "." + diffName + ", " + number(diff));
        m.put("withTxn", with);
        m.put("withoutTxn", without);
        m.put(diffName, diff);
        if (without != 0) {
            double percent = diff / without * 100;
            lines.add(SECTION + label + "." + diffName + "(%), " + number(percent));
            m.put(diffName + "Percent", percent);
        }
        return m;
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
