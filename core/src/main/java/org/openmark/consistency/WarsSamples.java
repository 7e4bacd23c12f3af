package org.openmark.consistency;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openmark.api.WarsTracing.WarsSample;
import org.openmark.pbs.Empirical;
import org.openmark.pbs.WarsDistributions;
import org.openmark.pbs.WarsKind;

/** WARS delays (ms) collected from traces, per kind; thread safe. */
public final class WarsSamples {
    private final Map<WarsKind, double[]> byKind = new EnumMap<>(WarsKind.class);
    private final Map<WarsKind, Integer> sizes = new EnumMap<>(WarsKind.class);
    private long traces;

    public WarsSamples() {
        for (WarsKind kind : WarsKind.values()) {
            byKind.put(kind, new double[64]);
            sizes.put(kind, 0);
        }
    }

    /** Adds one traced pair's delays. */
    public synchronized void add(WarsSample sample) {
        append(WarsKind.W, sample.wMs());
        append(WarsKind.A, sample.aMs());
        append(WarsKind.R, sample.rMs());
        append(WarsKind.S, sample.sMs());
        traces++;
    }

    private void append(WarsKind kind, double[] values) {
        double[] all = byKind.get(kind);
        int size = sizes.get(kind);
        if (size + values.length > all.length) {
            all = Arrays.copyOf(all, Math.max(all.length * 2, size + values.length));
            byKind.put(kind, all);
        }
        System.arraycopy(values, 0, all, size, values.length);
        sizes.put(kind, size + values.length);
    }

    /** The delays of one kind, in the order they came. */
    public synchronized double[] of(WarsKind kind) {
        return Arrays.copyOf(byKind.get(kind), sizes.get(kind));
    }

    /** Traced pairs added. */
    public synchronized long traces() {
        return traces;
    }

    /** True when every kind has at least one delay. */
    public synchronized boolean complete() {
        return sizes.values().stream().allMatch(n -> n > 0);
    }

    /** The empirical distributions (each delay resampled uniformly), for the PBS predictor. */
    public synchronized WarsDistributions distributions() {
        return new WarsDistributions(empirical(WarsKind.W), empirical(WarsKind.A), empirical(WarsKind.R),
                empirical(WarsKind.S));
    }

    private Empirical empirical(WarsKind kind) {
        return new Empirical("traced(" + kind + ")", of(kind));
    }

    /** Per kind: count, median, p99 and max (ms), for reports. */
    public synchronized Map<String, Map<String, Number>> summary() {
        Map<String, Map<String, Number>> m = new LinkedHashMap<>();
        for (WarsKind kind : WarsKind.values()) {
            double[] sorted = of(kind);
            Arrays.sort(sorted);
            Map<String, Number> row = new LinkedHashMap<>();
            row.put("count", sorted.length);
            row.put("p50", quantile(sorted, 0.5));
            row.put("p99", quantile(sorted, 0.99));
            row.put("max", sorted.length == 0 ? 0.0 : sorted[sorted.length - 1]);
            m.put(kind.name(), row);
        }
        return m;
    }

    /** The smallest sample with at least {@code q} of the samples at or below it; 0 when none. */
    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
