package org.openmark.consistency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openmark.pbs.Empirical;
import org.openmark.pbs.TokenAwareWars;
import org.openmark.pbs.WarsDistributions;
import org.openmark.pbs.WarsKind;

/**
 * WARS delays (ms) collected from traces, one {@link TracedPair} per traced write-and-read pair,
 * kept as pairs so a bootstrap can resample them whole and staleness.json can hold them for a
 * replay; thread safe.
 */
public final class WarsSamples {
    private final List<TracedPair> pairs = new ArrayList<>();

    public WarsSamples() {
    }

    /** Samples holding {@code pairs}. */
    public WarsSamples(List<TracedPair> pairs) {
        this.pairs.addAll(pairs);
    }

    /** Adds one traced pair's delays with nothing known of the coordinators (the paper's model only). */
    public synchronized void add(org.openmark.api.WarsTracing.WarsSample sample) {
        pairs.add(TracedPair.of(sample, Double.NaN));
    }

    /** Adds one traced pair. */
    public synchronized void add(TracedPair pair) {
        pairs.add(pair);
    }

    /** The pairs, in the order they came. */
    public synchronized List<TracedPair> pairs() {
        return List.copyOf(pairs);
    }

    /** The delays of one kind, in the order they came. */
    public synchronized double[] of(WarsKind kind) {
        return flatten(pairs, kind);
    }

    /** The known delays of one kind (an acknowledgement after the answer is not known), in the pairs' order. */
    private static double[] flatten(List<TracedPair> from, WarsKind kind) {
        return from.stream().flatMapToDouble(p -> java.util.Arrays.stream(p.of(kind))).filter(v -> !Double.isNaN(v))
                .toArray();
    }

    /** Traced pairs added. */
    public synchronized long traces() {
        return pairs.size();
    }

    /** True when every kind has at least one delay. */
    public synchronized boolean complete() {
        for (WarsKind kind : WarsKind.values()) {
            if (flatten(pairs, kind).length == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when the traces tell the coordinators' own copies (a token-aware client's requests): at
     * least half the pairs hold both the write's and the read's (a trace read back incomplete may
     * lack one; a coordinator outside the replicas gives none).
     */
    public synchronized boolean hasLocal() {
        long both = pairs.stream().filter(TracedPair::hasLocal).count();
        return both > 0 && 2 * both >= pairs.size();
    }

    /** The paper's distributions (each delay resampled uniformly), for the classic predictor. */
    public synchronized WarsDistributions distributions() {
        return distributions(pairs);
    }

    static WarsDistributions distributions(List<TracedPair> from) {
        return new WarsDistributions(empirical(from, WarsKind.W), empirical(from, WarsKind.A),
                empirical(from, WarsKind.R), empirical(from, WarsKind.S));
    }

    private static Empirical empirical(List<TracedPair> from, WarsKind kind) {
        return new Empirical("traced(" + kind + ")", flatten(from, kind));
    }

    /**
     * The token-aware model's pools from {@code from}: the messaged replicas' W, A, R; each
     * coordinator's own W, A, R; the client's share of each pair's time (when known) and the
     * probes' lateness as the delays between a commit and the read's start.
     */
    static TokenAwareWars.Pools pools(List<TracedPair> from, double[] probeLateMs) {
        return new TokenAwareWars.Pools(known(from, TracedPair::wLocal), known(from, TracedPair::aLocal),
                flatten(from, WarsKind.W), flatten(from, WarsKind.A), known(from, TracedPair::rLocal),
                flatten(from, WarsKind.R), known(from, TracedPair::client), probeLateMs);
    }

    /** The values a field has in the pairs where it is known (not NaN), in the pairs' order. */
    private static double[] known(List<TracedPair> from, java.util.function.ToDoubleFunction<TracedPair> field) {
        return from.stream().mapToDouble(field).filter(v -> !Double.isNaN(v)).toArray();
    }

    /** Per kind (the four WARS kinds, then the coordinators' own and the client's): count, median, p99 and max (ms). */
    public synchronized Map<String, Map<String, Number>> summary() {
        Map<String, Map<String, Number>> m = new LinkedHashMap<>();
        for (WarsKind kind : WarsKind.values()) {
            m.put(kind.name(), row(flatten(pairs, kind)));
        }
        if (hasLocal()) {
            m.put("WLocal", row(known(pairs, TracedPair::wLocal)));
            m.put("RLocal", row(known(pairs, TracedPair::rLocal)));
        }
        double[] client = known(pairs, TracedPair::client);
        if (client.length > 0) {
            m.put("Client", row(client));
        }
        return m;
    }

    private static Map<String, Number> row(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        Map<String, Number> row = new LinkedHashMap<>();
        row.put("count", sorted.length);
        row.put("p50", quantile(sorted, 0.5));
        row.put("p99", quantile(sorted, 0.99));
        row.put("max", sorted.length == 0 ? 0.0 : sorted[sorted.length - 1]);
        return row;
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
