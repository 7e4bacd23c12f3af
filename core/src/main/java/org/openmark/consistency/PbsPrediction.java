package org.openmark.consistency;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.pbs.ConfigResult;
import org.openmark.pbs.PbsResult;
import org.openmark.pbs.PbsSimulator;
import org.openmark.pbs.PbsSpec;
import org.openmark.pbs.ReadFanout;

/**
 * The PBS prediction made from traced WARS delays, put beside a staleness measurement: P(consistent
 * read) at each probe offset for the store's N, R and W, with reads sent to R replicas (as
 * Cassandra's reads, and the model of its {@code predictconsistency} patch).
 *
 * @param quorums the store's N, R and W
 * @param samples the traced delays
 * @param predicted P(consistent read) at each probe offset (ms)
 */
public record PbsPrediction(Quorums quorums, WarsSamples samples, Map<Double, Double> predicted) {
    /** Monte Carlo trials: the standard error of a probability is at most 0.0016. */
    public static final long TRIALS = 100_000;

    /** Predicts P(consistent) at {@code offsetsMs} (ascending); the samples must be {@link WarsSamples#complete()}. */
    public static PbsPrediction predict(Quorums quorums, WarsSamples samples, List<Double> offsetsMs, long seed) {
        double[] curve = offsetsMs.stream().mapToDouble(Double::doubleValue).toArray();
        PbsSpec spec = new PbsSpec(quorums.n(), curve[0], 1, TRIALS, samples.distributions(), ReadFanout.QUORUM, seed,
                curve, 1);
        PbsResult result = PbsSimulator.run(spec);
        ConfigResult config = result.config(quorums.r(), quorums.w());
        Map<Double, Double> predicted = new LinkedHashMap<>();
        double[] p = config.curve();
        for (int i = 0; i < curve.length; i++) {
            predicted.put(offsetsMs.get(i), p[i]);
        }
        return new PbsPrediction(quorums, samples, predicted);
    }

    /** Text lines: the delays, then measured and predicted P(consistent) side by side per offset. */
    public String text(StalenessResult measured) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "[PBS], Replicas, N=%d R=%d W=%d%n", quorums.n(), quorums.r(), quorums.w()));
        b.append("[PBS], TracedPairs, ").append(samples.traces()).append('\n');
        samples.summary().forEach((kind, row) -> b.append(String.format(Locale.ROOT,
                "[PBS], %s(ms), count %d, p50 %.3f, p99 %.3f, max %.3f%n", kind, row.get("count").intValue(),
                row.get("p50").doubleValue(), row.get("p99").doubleValue(), row.get("max").doubleValue())));
        Map<Double, Double> pMeasured = measured.pConsistentAt();
        predicted.forEach((t, p) -> b.append(String.format(Locale.ROOT,
                "[PBS], PConsistentAt(%sms), measured %.5f, predicted %.5f%n", StalenessResult.key(t),
                pMeasured.getOrDefault(t, Double.NaN), p)));
        return b.toString();
    }

    /** The {@code pbs{...}} section of staleness.json. */
    public Map<String, Object> json(StalenessResult measured) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", quorums.n());
        m.put("r", quorums.r());
        m.put("w", quorums.w());
        m.put("tracedPairs", samples.traces());
        m.put("trials", TRIALS);
        m.put("delaysMs", samples.summary());
        Map<String, Map<String, Double>> side = new LinkedHashMap<>();
        Map<Double, Double> pMeasured = measured.pConsistentAt();
        predicted.forEach((t, p) -> {
            Map<String, Double> row = new LinkedHashMap<>();
            row.put("measured", pMeasured.get(t));
            row.put("predicted", p);
            side.put(StalenessResult.key(t), row);
        });
        m.put("pConsistentAt", side);
        return m;
    }
}
