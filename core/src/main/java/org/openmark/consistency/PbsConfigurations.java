package org.openmark.consistency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.pbs.TokenAwareWars;

/**
 * PBS for every R and W of N from the traced pairs of one staleness run (traced at the level that
 * makes every replica take part, so every replica's delays are known whatever R and W the run
 * itself used): per configuration, P(consistent) at the probe offsets, P(reading one of the last k
 * versions), and the write's latency (its W-th acknowledgement) and the read's (the slowest of its
 * R answers), p50 and p99, each with a 95 % interval.
 *
 * <p>How each figure is computed. P(consistent) is {@link PbsPrediction#predict} at that R and W,
 * with the measured configuration's seed, model and probe lateness (so the measured
 * configuration's row is exactly the run's own prediction, and any row is made again alone from
 * the same file); where R + W > N every read meets an acknowledged replica and P is 1 by
 * construction. Reading one of the last k versions: 1 − (1 − P)^k (the paper's bound for writes
 * independent of each other), its interval from P's. Latencies need whole traced pairs (the
 * {@link PbsPrediction.Model#JOINT joint} model): the write's is, per pair, the W-th smallest
 * acknowledgement plus the client's share ({@link ClientShare}), its percentiles taken over the
 * pairs; the read's is drawn as the consistency is ({@value #READ_TRIALS} trials: a pair, the read's
 * coordinator and R−1 other replicas) and is the slowest answer plus the client's share. A traced pair whose trace
 * shows fewer of the key's replicas than R or W (read back incomplete) is left out of that
 * configuration's figures. Their intervals: a
 * bootstrap over the traced pairs, resampled whole {@value PbsPrediction#RESAMPLES} times (reads
 * {@value #READ_RESAMPLE_TRIALS} trials each), the 2.5 % and 97.5 % percentiles.
 *
 * @param measured the run's own prediction (its R and W)
 * @param rows one per R and W of N, R first, ascending
 */
public record PbsConfigurations(PbsPrediction measured, List<Row> rows, ClientShare clientShare) {

    /** A table without a measured client's share: the traced pairs' own (see {@link ClientShare}). */
    public PbsConfigurations(PbsPrediction measured, List<Row> rows) {
        this(measured, rows, null);
    }

    /**
     * What the client adds to a write's and to a read's latency beyond the coordinator (ms), taken
     * from the measured configuration: its measured latency p50 less the p50 the traced pairs give
     * from the coordinator's receipt at the same R or W (at least 0). Each latency is then the
     * coordinator's side plus this share. Without it (a run whose latencies were not measured: on a
     * cluster of load generators, or a file from before) the traced pairs' own client's share is
     * added, the traced call's time beyond its coordinators, which on a loaded machine was many
     * times a measured request's whole latency (docs/cassandra.md).
     *
     * @param measuredWriteP50Ms the run's measured write latency p50
     * @param measuredReadP50Ms the run's measured read latency p50
     */
    public record ClientShare(double measuredWriteP50Ms, double measuredReadP50Ms, double writeMs, double readMs) {
    }
    /** The k of the k-staleness figures. */
    public static final List<Integer> K_VERSIONS = List.of(2, 3);
    /** Read-latency trials of the point estimate. */
    public static final int READ_TRIALS = 100_000;
    /** Read-latency trials per bootstrap resample. */
    public static final int READ_RESAMPLE_TRIALS = 10_000;
    /** How every interval is computed, for the reports. */
    public static final String INTERVALS = "95% intervals: P(consistent) and latencies from a bootstrap over the"
            + " traced pairs (" + PbsPrediction.RESAMPLES + " resamples, whole pairs, 2.5 and 97.5 percentiles);"
            + " within k versions 1-(1-P)^k, its interval from P's";

    /** A latency percentile (ms) with its 95 % interval; infinite when a replica never acknowledged in time. */
    public record Latency(double ms, double low, double high) {
        /** "1.234 (95% 1.100-1.400)", or n/a. */
        public String text() {
            return Double.isInfinite(ms) ? "n/a" : String.format(Locale.ROOT, "%.3f (95%% %.3f-%.3f)", ms, low, high);
        }

        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ms", finite(ms));
            m.put("low", finite(low));
            m.put("high", finite(high));
            return m;
        }

        private static Double finite(double v) {
            return Double.isFinite(v) ? v : null; // JSON has no infinity
        }
    }

    /**
     * One configuration's prediction.
     *
     * @param pConsistentAt per probe offset (ms)
     * @param write the write's latency p50 and p99, empty when the model cannot tell latencies
     * @param read the read's latency p50 and p99, likewise
     */
    public record Row(int r, int w, Map<Double, ProbabilityEstimate> pConsistentAt, Map<String, Latency> write,
            Map<String, Latency> read) {

        /** P(the read returns one of the last {@code k} versions) at {@code t}: 1 − (1 − P)^k. */
        public ProbabilityEstimate withinVersions(int k, double t) {
            ProbabilityEstimate p = pConsistentAt.get(t);
            return new ProbabilityEstimate(within(p.p(), k), within(p.low(), k), within(p.high(), k));
        }

        private static double within(double p, int k) {
            return 1 - Math.pow(1 - p, k);
        }

        /** The {@code [PBS-ALL], R=.. W=.., Metric, value} lines of this row. */
        public String text() {
            StringBuilder b = new StringBuilder();
            String label = String.format(Locale.ROOT, "[PBS-ALL], R=%d W=%d, ", r, w);
            pConsistentAt.forEach((t, p) -> b.append(label).append("PConsistentAt(").append(StalenessResult.key(t))
                    .append("ms), ").append(p.text()).append('\n'));
            double first = pConsistentAt.keySet().iterator().next();
            for (int k : K_VERSIONS) {
                b.append(label).append("PWithin").append(k).append("VersionsAt(").append(StalenessResult.key(first))
                        .append("ms), ").append(withinVersions(k, first).text()).append('\n');
            }
            write.forEach((q, l) -> b.append(label).append("Write").append(q.toUpperCase(Locale.ROOT)).append("(ms), ")
                    .append(l.text()).append('\n'));
            read.forEach((q, l) -> b.append(label).append("Read").append(q.toUpperCase(Locale.ROOT)).append("(ms), ")
                    .append(l.text()).append('\n'));
            return b.toString();
        }

        /** This row in staleness.json. */
        public Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("r", r);
            m.put("w", w);
            Map<String, Object> p = new LinkedHashMap<>();
            pConsistentAt.forEach((t, e) -> p.put(StalenessResult.key(t), estimate(e)));
            m.put("pConsistentAt", p);
            Map<String, Object> within = new LinkedHashMap<>();
            for (int k : K_VERSIONS) {
                Map<String, Object> byT = new LinkedHashMap<>();
                pConsistentAt.keySet().forEach(t -> byT.put(StalenessResult.key(t), estimate(withinVersions(k, t))));
                within.put(Integer.toString(k), byT);
            }
            m.put("pWithinVersionsAt", within);
            m.put("writeLatencyMs", latencies(write));
            m.put("readLatencyMs", latencies(read));
            return m;
        }

        private static Map<String, Object> estimate(ProbabilityEstimate e) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("p", e.p());
            m.put("low", e.low());
            m.put("high", e.high());
            return m;
        }

        private static Map<String, Object> latencies(Map<String, Latency> l) {
            Map<String, Object> m = new LinkedHashMap<>();
            l.forEach((q, v) -> m.put(q, v.json()));
            return m;
        }
    }

    /** Every R and W of the measured prediction's N, latencies with the traced pairs' own client's share. */
    public static PbsConfigurations predict(PbsPrediction measured) {
        return predict(measured, Double.NaN, Double.NaN);
    }

    /**
     * Every R and W of the measured prediction's N; latencies with the client's share taken from
     * the run's measured write and read latency p50 (NaN: not measured, the traced pairs' own).
     */
    public static PbsConfigurations predict(PbsPrediction measured, double measuredWriteP50Ms,
            double measuredReadP50Ms) {
        ClientShare share = clientShare(measured, measuredWriteP50Ms, measuredReadP50Ms);
        int n = measured.quorums().n();
        List<Row> rows = new ArrayList<>();
        // a read's latency depends on R only, a write's on W only: each computed once
        Map<Integer, Map<String, Latency>> reads = new java.util.HashMap<>();
        Map<Integer, Map<String, Latency>> writes = new java.util.HashMap<>();
        for (int r = 1; r <= n; r++) {
            for (int w = 1; w <= n; w++) {
                rows.add(row(measured, r, w, reads, writes, share));
            }
        }
        return new PbsConfigurations(measured, List.copyOf(rows), share);
    }

    /**
     * One configuration, from the measured prediction's traced pairs, seed and lateness: the same
     * row {@link #predict} gives for it.
     *
     * @throws IllegalArgumentException when R or W is not in 1..N
     */
    public static Row row(PbsPrediction measured, int r, int w) {
        return row(measured, r, w, Double.NaN, Double.NaN);
    }

    /** One configuration, with the client's share from the measured latencies (see {@link #predict}). */
    public static Row row(PbsPrediction measured, int r, int w, double measuredWriteP50Ms, double measuredReadP50Ms) {
        Quorums q = measured.quorums();
        if (r < 1 || r > q.n() || w < 1 || w > q.n()) {
            throw new IllegalArgumentException("R and W must be in 1.." + q.n() + " (N): R=" + r + " W=" + w);
        }
        return row(measured, r, w, new java.util.HashMap<>(), new java.util.HashMap<>(),
                clientShare(measured, measuredWriteP50Ms, measuredReadP50Ms));
    }

    /** The client's share from the measured p50s, or null when they are not both known or latencies cannot be told. */
    public static ClientShare clientShare(PbsPrediction measured, double writeP50Ms, double readP50Ms) {
        if (!Double.isFinite(writeP50Ms) || !Double.isFinite(readP50Ms)
                || measured.model() != PbsPrediction.Model.JOINT) {
            return null;
        }
        Quorums q = measured.quorums();
        List<TokenAwareWars.Scenario> writing = withClient(PbsPrediction.scenarios(covering(measured, q.w())), 0);
        List<TokenAwareWars.Scenario> reading = withClient(PbsPrediction.scenarios(covering(measured, q.r())), 0);
        if (writing.isEmpty() || reading.isEmpty()) {
            return null;
        }
        double coordinatorWrite = p50p99(TokenAwareWars.writeLatencies(q.w(), writing))[0];
        double coordinatorRead = p50p99(TokenAwareWars.readLatencies(q.r(), reading, READ_TRIALS,
                new SplittableRandom(measured.seed() * 41 + q.r())))[0];
        return new ClientShare(writeP50Ms, readP50Ms, Math.max(0, writeP50Ms - coordinatorWrite),
                Math.max(0, readP50Ms - coordinatorRead));
    }

    /** The scenarios with the client's share replaced by {@code clientMs}. */
    private static List<TokenAwareWars.Scenario> withClient(List<TokenAwareWars.Scenario> scenarios, double clientMs) {
        return scenarios.stream().map(s -> new TokenAwareWars.Scenario(s.visible(), s.acked(), s.read(), clientMs,
                s.answered())).toList();
    }

    private static Row row(PbsPrediction measured, int r, int w, Map<Integer, Map<String, Latency>> reads,
            Map<Integer, Map<String, Latency>> writes, ClientShare share) {
        Quorums q = measured.quorums();
        if (r < 1 || r > q.n() || w < 1 || w > q.n()) {
            throw new IllegalArgumentException("R and W must be in 1.." + q.n() + " (N): R=" + r + " W=" + w);
        }
        List<Double> offsets = List.copyOf(measured.predicted().keySet());
        Map<Double, ProbabilityEstimate> p;
        if (r == q.r() && w == q.w()) {
            p = measured.predicted();
        } else if (r + w > q.n()) {
            p = new LinkedHashMap<>();
            for (double t : offsets) {
                p.put(t, new ProbabilityEstimate(1, 1, 1));
            }
        } else {
            p = PbsPrediction.predict(new Quorums(q.n(), r, w), new WarsSamples(covering(measured, Math.max(r, w))),
                    offsets, measured.seed(), measured.probeLateMs()).predicted();
        }
        Map<String, Latency> write = new LinkedHashMap<>();
        Map<String, Latency> read = new LinkedHashMap<>();
        if (measured.model() == PbsPrediction.Model.JOINT) {
            // seeded per R (reads) and per W (writes): a row made alone is the row of the table
            write.putAll(writes.computeIfAbsent(w, x -> {
                List<TokenAwareWars.Scenario> s = PbsPrediction.scenarios(covering(measured, x));
                s = share == null ? s : withClient(s, share.writeMs());
                return s.isEmpty() ? Map.of() : writeLatency(s, x, new SplittableRandom(measured.seed() * 31 + x));
            }));
            read.putAll(reads.computeIfAbsent(r, x -> {
                List<TokenAwareWars.Scenario> s = PbsPrediction.scenarios(covering(measured, x));
                s = share == null ? s : withClient(s, share.readMs());
                return s.isEmpty() ? Map.of()
                        : readLatency(s, x, new SplittableRandom(measured.seed() * 37 + 1000 + x));
            }));
        }
        return new Row(r, w, new LinkedHashMap<>(p), write, read);
    }

    /**
     * The measured prediction's pairs but those whose trace shows fewer than {@code replicas} of the
     * key's replicas (a trace read back incomplete): such a pair cannot tell what R or W that large
     * waits for. Pairs without their nodes stay (the models that draw delays independently use them).
     */
    private static List<TracedPair> covering(PbsPrediction measured, int replicas) {
        return measured.samples().pairs().stream().filter(p -> {
            TokenAwareWars.Scenario s = p.scenario();
            return s == null || s.visible().length >= replicas;
        }).toList();
    }

    /** Per pair the write's latency at W; p50 and p99 over the pairs, intervals from resampled pairs. */
    private static Map<String, Latency> writeLatency(List<TokenAwareWars.Scenario> scenarios, int w,
            SplittableRandom rng) {
        double[] perPair = TokenAwareWars.writeLatencies(w, scenarios);
        double[][] resampled = new double[2][PbsPrediction.RESAMPLES];
        double[] drawn = new double[perPair.length];
        for (int b = 0; b < PbsPrediction.RESAMPLES; b++) {
            for (int i = 0; i < drawn.length; i++) {
                drawn[i] = perPair[rng.nextInt(perPair.length)];
            }
            double[] q = p50p99(drawn);
            resampled[0][b] = q[0];
            resampled[1][b] = q[1];
        }
        return latencies(p50p99(perPair), resampled);
    }

    /** Read latencies at R drawn from the pairs; intervals from resampled pairs. */
    private static Map<String, Latency> readLatency(List<TokenAwareWars.Scenario> scenarios, int r,
            SplittableRandom rng) {
        double[] point = p50p99(TokenAwareWars.readLatencies(r, scenarios, READ_TRIALS, rng.split()));
        double[][] resampled = new double[2][PbsPrediction.RESAMPLES];
        List<TokenAwareWars.Scenario> drawn = new ArrayList<>(scenarios.size());
        for (int b = 0; b < PbsPrediction.RESAMPLES; b++) {
            drawn.clear();
            for (int i = 0; i < scenarios.size(); i++) {
                drawn.add(scenarios.get(rng.nextInt(scenarios.size())));
            }
            double[] q = p50p99(TokenAwareWars.readLatencies(r, drawn, READ_RESAMPLE_TRIALS, rng));
            resampled[0][b] = q[0];
            resampled[1][b] = q[1];
        }
        return latencies(point, resampled);
    }

    private static Map<String, Latency> latencies(double[] point, double[][] resampled) {
        Map<String, Latency> m = new LinkedHashMap<>();
        m.put("p50", interval(point[0], resampled[0]));
        m.put("p99", interval(point[1], resampled[1]));
        return m;
    }

    /** The point with the 2.5 % and 97.5 % percentiles of its resamples (sorted in place), widened to hold it. */
    private static Latency interval(double point, double[] values) {
        java.util.Arrays.sort(values);
        int n = values.length;
        double low = values[(int) Math.floor(0.025 * (n - 1))];
        double high = values[(int) Math.ceil(0.975 * (n - 1))];
        return new Latency(point, Math.min(low, point), Math.max(high, point));
    }

    /** The p50 and p99 of {@code values} (a copy is sorted), as {@link WarsSamples#quantile} takes them. */
    private static double[] p50p99(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return new double[] {WarsSamples.quantile(sorted, 0.5), WarsSamples.quantile(sorted, 0.99)};
    }

    /** The measured configuration's row. */
    public Row measuredRow() {
        return rows.stream().filter(r -> r.r() == measured.quorums().r() && r.w() == measured.quorums().w())
                .findFirst().orElseThrow();
    }

    /** The text lines: how they are computed, which configuration was measured, then every row. */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append("[PBS-ALL], Model, ").append(measured.model().description()).append('\n');
        b.append("[PBS-ALL], Intervals, ").append(INTERVALS).append('\n');
        if (rows.stream().allMatch(r -> r.write().isEmpty())) {
            b.append("[PBS-ALL], Latencies, n/a: they need whole traced pairs with their nodes (the joint model)\n");
        }
        b.append(String.format(Locale.ROOT, "[PBS-ALL], Measured, R=%d W=%d%n", measured.quorums().r(),
                measured.quorums().w()));
        if (clientShare != null) {
            b.append(String.format(Locale.ROOT, "[PBS-ALL], ClientShare(ms), write %.3f, read %.3f (the measured"
                    + " latency p50, write %.3f and read %.3f, less the traced coordinators' p50 at R=%d W=%d)%n",
                    clientShare.writeMs(), clientShare.readMs(), clientShare.measuredWriteP50Ms(),
                    clientShare.measuredReadP50Ms(), measured.quorums().r(), measured.quorums().w()));
        } else if (rows.stream().anyMatch(r -> !r.write().isEmpty())) {
            b.append("[PBS-ALL], ClientShare(ms), the traced pairs' own (no measured latency to take it from)\n");
        }
        rows.forEach(r -> b.append(r.text()));
        return b.toString();
    }

    /** The {@code pbs.all} section of staleness.json. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", measured.quorums().n());
        m.put("measured", Map.of("r", measured.quorums().r(), "w", measured.quorums().w()));
        m.put("intervals", INTERVALS);
        if (clientShare != null) {
            m.put("clientShareMs", Map.of("write", clientShare.writeMs(), "read", clientShare.readMs()));
        }
        m.put("configurations", rows.stream().map(Row::json).toList());
        return m;
    }
}
