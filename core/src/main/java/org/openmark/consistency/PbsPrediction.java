package org.openmark.consistency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.pbs.ConfigResult;
import org.openmark.pbs.PbsSimulator;
import org.openmark.pbs.PbsSpec;
import org.openmark.pbs.ReadFanout;
import org.openmark.pbs.TokenAwareWars;

/**
 * The PBS prediction made from traced WARS delays, put beside a staleness measurement: P(consistent
 * read) at each probe offset for the store's N, R and W, each with a 95 % interval from a
 * bootstrap over the traced pairs (resampled whole, {@value #RESAMPLES} times, {@value
 * #RESAMPLE_TRIALS} trials each).
 *
 * <p>Two models. When the traces tell the coordinators' own copies (a token-aware client, as
 * Cassandra's driver: {@link TokenAwareWars}), the write's coordinator is a replica that applies
 * its copy without a message, the read's coordinator is another random replica that reads its
 * own, and the time the measurement puts between the commit and the read (the client's ways,
 * {@link TracedPair#client}, and the probes' lateness) is added. Otherwise the paper's model:
 * every replica is messaged, reads go to R random replicas (Cassandra's {@code predictconsistency}
 * patch, CASSANDRA-4261).
 *
 * @param model which model predicted
 * @param seed the seed of every draw (the prediction is replayed from it: {@code pbs --from})
 * @param probeLateMs the probes' lateness the prediction added (empty for the paper's model)
 * @param predicted P(consistent read) at each probe offset (ms)
 */
public record PbsPrediction(Quorums quorums, WarsSamples samples, Model model, long seed, double[] probeLateMs,
        Map<Double, ProbabilityEstimate> predicted) {
    /** Monte Carlo trials of the point estimate: its standard error is at most 0.0016. */
    public static final long TRIALS = 100_000;
    /** Bootstrap resamples of the traced pairs. */
    public static final int RESAMPLES = 200;
    /** Trials per resample. */
    public static final long RESAMPLE_TRIALS = 10_000;

    /** The WARS model a prediction ran. */
    public enum Model {
        /**
         * Token-aware, each trial one traced pair as a whole ({@link TokenAwareWars.Scenario}): the
         * delays of one node at one moment drawn together.
         */
        JOINT("token-aware, whole traced pairs: each request's coordinator is a random replica of its key, applying"
                + " and reading its own copy without a message; each trial takes one traced pair's nodes together;"
                + " client's ways and probe lateness added"),
        /** The coordinators are replicas (a token-aware client); see {@link TokenAwareWars}. */
        TOKEN_AWARE("token-aware: each request's coordinator is a random replica of its key; it applies and reads"
                + " its own copy without a message; client's ways and probe lateness added"),
        /** The paper's: a coordinator outside the replicas messages every one; reads to R random replicas. */
        PAPER("paper (WARS, Bailis et al.): every replica messaged, reads to R random replicas");

        private final String description;

        Model(String description) {
            this.description = description;
        }

        /** One line for the reports. */
        public String description() {
            return description;
        }

        /** The name in staleness.json. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Predicts P(consistent) at {@code offsetsMs} (ascending); the samples must be {@link
     * WarsSamples#complete()}. {@code probeLateMs}: how late each probe read after its offset (the
     * token-aware model adds it; may be empty).
     */
    public static PbsPrediction predict(Quorums quorums, WarsSamples samples, List<Double> offsetsMs, long seed,
            double[] probeLateMs) {
        double[] offsets = offsetsMs.stream().mapToDouble(Double::doubleValue).toArray();
        List<TracedPair> pairs = samples.pairs();
        Model model = choose(pairs);
        double[] late = model == Model.PAPER ? new double[0] : probeLateMs.clone();
        SplittableRandom root = new SplittableRandom(seed);
        double[] point = run(model, quorums, pairs, late, offsets, TRIALS, root.split());
        double[][] resampled = new double[offsets.length][RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            SplittableRandom rng = root.split();
            List<TracedPair> drawn = new ArrayList<>(pairs.size());
            for (int i = 0; i < pairs.size(); i++) {
                drawn.add(pairs.get(rng.nextInt(pairs.size())));
            }
            double[] lateDrawn = new double[late.length];
            for (int i = 0; i < late.length; i++) {
                lateDrawn[i] = late[rng.nextInt(late.length)];
            }
            WarsSamples resample = new WarsSamples(drawn);
            if (!resample.complete() || (model == Model.TOKEN_AWARE && !resample.hasLocal())
                    || (model == Model.JOINT && scenarios(drawn).isEmpty())) {
                drawn = pairs; // a resample without one kind of delay: the whole set stands in
            }
            double[] p = run(model, quorums, drawn, lateDrawn, offsets, RESAMPLE_TRIALS, rng);
            for (int i = 0; i < offsets.length; i++) {
                resampled[i][b] = p[i];
            }
        }
        Map<Double, ProbabilityEstimate> predicted = new LinkedHashMap<>();
        for (int i = 0; i < offsets.length; i++) {
            predicted.put(offsetsMs.get(i), ProbabilityEstimate.percentile(point[i], resampled[i]));
        }
        return new PbsPrediction(quorums, samples, model, seed, late, predicted);
    }

    /**
     * Why no read of a store with these quorums can be stale, or null when some can: one replica
     * (every read reads the copy every write wrote), or reads and writes that overlap (R + W > N).
     */
    public static String neverStale(Quorums q) {
        if (q.n() == 1) {
            return "the data has one replica (N=1): every read reads the one copy every write wrote, so no read can"
                    + " be stale and P(consistent) is 1 by construction; measure staleness with more replicas (e.g."
                    + " -p cassandra.replication=3 on a new keyspace)";
        }
        if (q.r() + q.w() > q.n()) {
            return String.format(Locale.ROOT, "reads wait for %d and writes for %d of the %d replicas (R + W > N): every"
                    + " read meets a replica that has the last acknowledged write, so no read can be stale and"
                    + " P(consistent) is 1 by construction; partial quorums (R + W <= N, e.g. ONE/ONE) can be stale",
                    q.r(), q.w(), q.n());
        }
        return null;
    }

    /** {@link #predict(Quorums, WarsSamples, List, long, double[])} with the probes' lateness as measured (µs). */
    public static PbsPrediction predict(Quorums quorums, WarsSamples samples, List<Double> offsetsMs, long seed,
            org.HdrHistogram.Histogram probeLateUs) {
        return predict(quorums, samples, offsetsMs, seed, LatenessPool.of(probeLateUs));
    }

    /** A prediction with no probe lateness. */
    public static PbsPrediction predict(Quorums quorums, WarsSamples samples, List<Double> offsetsMs, long seed) {
        return predict(quorums, samples, offsetsMs, seed, new double[0]);
    }

    /**
     * The model the traces allow: whole pairs when at least half of them name their nodes and hold
     * every replica's delays; independent draws when at least half hold the coordinators' own
     * copies; else the paper's.
     */
    static Model choose(List<TracedPair> pairs) {
        if (!pairs.isEmpty() && 2 * scenarios(pairs).size() >= pairs.size()) {
            return Model.JOINT;
        }
        return new WarsSamples(pairs).hasLocal() ? Model.TOKEN_AWARE : Model.PAPER;
    }

    static List<TokenAwareWars.Scenario> scenarios(List<TracedPair> pairs) {
        List<TokenAwareWars.Scenario> s = new ArrayList<>();
        for (TracedPair p : pairs) {
            TokenAwareWars.Scenario one = p.scenario();
            if (one != null) {
                s.add(one);
            }
        }
        return s;
    }

    /** P(consistent) at the offsets by each model the traces allow (point estimates), for comparison. */
    public Map<Model, double[]> byModel() {
        Map<Model, double[]> m = new java.util.EnumMap<>(Model.class);
        double[] offsets = predicted.keySet().stream().mapToDouble(Double::doubleValue).toArray();
        List<TracedPair> pairs = samples.pairs();
        for (Model candidate : Model.values()) {
            boolean allowed = switch (candidate) {
                case JOINT -> !scenarios(pairs).isEmpty();
                case TOKEN_AWARE -> samples.hasLocal();
                case PAPER -> samples.complete();
            };
            if (allowed) {
                double[] late = candidate == Model.PAPER ? new double[0] : probeLateMs;
                m.put(candidate, run(candidate, quorums, pairs, late, offsets, TRIALS, new SplittableRandom(seed)));
            }
        }
        return m;
    }

    private static double[] run(Model model, Quorums q, List<TracedPair> pairs, double[] lateMs, double[] offsets,
            long trials, SplittableRandom rng) {
        if (model == Model.JOINT) {
            return TokenAwareWars.pConsistentJoint(q.r(), q.w(), scenarios(pairs), lateMs, offsets, trials, rng);
        }
        if (model == Model.TOKEN_AWARE) {
            return TokenAwareWars.pConsistent(q.n(), q.r(), q.w(), WarsSamples.pools(pairs, lateMs), offsets, trials,
                    rng);
        }
        PbsSpec spec = new PbsSpec(q.n(), offsets[0], 1, trials, WarsSamples.distributions(pairs), ReadFanout.QUORUM,
                rng.nextLong(), offsets, 1);
        ConfigResult config = PbsSimulator.run(spec).config(q.r(), q.w());
        return config.curve();
    }

    /**
     * Text lines: the model, the delays, then measured and predicted P(consistent) side by side
     * per offset, each with its interval ({@code measured} per offset; a missing one is n/a).
     */
    public String text(Map<Double, ProbabilityEstimate> measured) {
        StringBuilder b = new StringBuilder();
        b.append("[PBS], Model, ").append(model.description()).append('\n');
        b.append(String.format(Locale.ROOT, "[PBS], Replicas, N=%d R=%d W=%d%n", quorums.n(), quorums.r(), quorums.w()));
        b.append("[PBS], TracedPairs, ").append(samples.traces()).append('\n');
        b.append("[PBS], Seed, ").append(seed).append('\n');
        samples.summary().forEach((kind, row) -> b.append(String.format(Locale.ROOT,
                "[PBS], %s(ms), count %d, p50 %.3f, p99 %.3f, max %.3f%n", kind, row.get("count").intValue(),
                row.get("p50").doubleValue(), row.get("p99").doubleValue(), row.get("max").doubleValue())));
        predicted.forEach((t, p) -> {
            ProbabilityEstimate m = measured.get(t);
            b.append(String.format(Locale.ROOT, "[PBS], PConsistentAt(%sms), measured %s, predicted %s%n",
                    StalenessResult.key(t), m == null ? "n/a" : m.text(), p.text()));
        });
        Map<Model, double[]> models = byModel();
        if (models.size() > 1) {
            int i = 0;
            for (double t : predicted.keySet()) {
                StringBuilder line = new StringBuilder();
                for (Map.Entry<Model, double[]> e : models.entrySet()) {
                    line.append(line.isEmpty() ? "" : ", ").append(e.getKey().label()).append(' ')
                            .append(String.format(Locale.ROOT, "%.5f", e.getValue()[i]));
                }
                b.append("[PBS], ByModel(").append(StalenessResult.key(t)).append("ms), ").append(line).append('\n');
                i++;
            }
        }
        return b.toString();
    }

    /** The {@code pbs{...}} section of staleness.json: everything {@code pbs --from} replays it from. */
    public Map<String, Object> json(Map<Double, ProbabilityEstimate> measured) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", model.label());
        m.put("n", quorums.n());
        m.put("r", quorums.r());
        m.put("w", quorums.w());
        m.put("seed", seed);
        m.put("tracedPairs", samples.traces());
        m.put("trials", TRIALS);
        m.put("bootstrap", Map.of("resamples", RESAMPLES, "trials", RESAMPLE_TRIALS));
        m.put("delaysMs", samples.summary());
        Map<String, Map<String, Double>> side = new LinkedHashMap<>();
        predicted.forEach((t, p) -> {
            Map<String, Double> row = new LinkedHashMap<>();
            ProbabilityEstimate e = measured.get(t);
            row.put("measured", e == null ? null : e.p());
            row.put("measuredLow", e == null ? null : e.low());
            row.put("measuredHigh", e == null ? null : e.high());
            row.put("predicted", p.p());
            row.put("predictedLow", p.low());
            row.put("predictedHigh", p.high());
            side.put(StalenessResult.key(t), row);
        });
        m.put("pConsistentAt", side);
        Map<String, Map<String, Double>> models = new LinkedHashMap<>();
        byModel().forEach((model, p) -> {
            Map<String, Double> curve = new LinkedHashMap<>();
            int i = 0;
            for (double t : predicted.keySet()) {
                curve.put(StalenessResult.key(t), p[i++]);
            }
            models.put(model.label(), curve);
        });
        m.put("byModel", models);
        m.put("probeLateMs", LatenessPool.json(probeLateMs));
        m.put("pairs", samples.pairs().stream().map(TracedPair::json).toList());
        return m;
    }
}
