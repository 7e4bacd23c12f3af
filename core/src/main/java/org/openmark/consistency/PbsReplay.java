package org.openmark.consistency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openmark.api.WarsTracing.Quorums;

/**
 * A PBS prediction made again from the {@code pbs} section of a staleness.json: the traced pairs,
 * the probes' lateness, N, R, W, the offsets and the seed it holds give the same prediction (the
 * draws are seeded), beside the measurement it recorded.
 *
 * @param prediction the prediction made again
 * @param measured the measured P(consistent) and intervals the file recorded, per offset
 * @param recorded the predicted ones the file recorded, per offset
 */
public record PbsReplay(PbsPrediction prediction, Map<Double, ProbabilityEstimate> measured,
        Map<Double, ProbabilityEstimate> recorded) {

    /**
     * Replays {@code pbs} (the section, as JSON maps and lists).
     *
     * @throws IllegalArgumentException naming what is missing when it is not such a section
     */
    @SuppressWarnings("unchecked")
    public static PbsReplay of(Map<String, Object> pbs) {
        for (String key : List.of("n", "r", "w", "seed", "pairs", "pConsistentAt", "probeLateMs")) {
            if (!pbs.containsKey(key)) {
                throw new IllegalArgumentException("its pbs section has no '" + key + "' (written by an openmark"
                        + " before issue 39, or not a staleness.json)");
            }
        }
        Quorums q = new Quorums(((Number) pbs.get("n")).intValue(), ((Number) pbs.get("r")).intValue(),
                ((Number) pbs.get("w")).intValue());
        List<TracedPair> pairs = new ArrayList<>();
        for (Map<String, Object> pair : (List<Map<String, Object>>) pbs.get("pairs")) {
            pairs.add(TracedPair.fromJson(pair));
        }
        Map<Double, ProbabilityEstimate> measured = new LinkedHashMap<>();
        Map<Double, ProbabilityEstimate> recorded = new LinkedHashMap<>();
        List<Double> offsets = new ArrayList<>();
        ((Map<String, Map<String, Number>>) pbs.get("pConsistentAt")).forEach((key, row) -> {
            double t = Double.parseDouble(key);
            offsets.add(t);
            if (row.get("measured") != null) {
                measured.put(t, new ProbabilityEstimate(row.get("measured").doubleValue(),
                        row.get("measuredLow").doubleValue(), row.get("measuredHigh").doubleValue()));
            }
            recorded.put(t, new ProbabilityEstimate(row.get("predicted").doubleValue(),
                    row.get("predictedLow").doubleValue(), row.get("predictedHigh").doubleValue()));
        });
        WarsSamples samples = new WarsSamples(pairs);
        if (!samples.complete()) {
            throw new IllegalArgumentException("its traced pairs lack a kind of delay (W, A, R or S)");
        }
        double[] late = LatenessPool.fromJson((List<List<Number>>) pbs.get("probeLateMs"));
        PbsPrediction again = PbsPrediction.predict(q, samples, offsets, ((Number) pbs.get("seed")).longValue(), late);
        return new PbsReplay(again, measured, recorded);
    }

    /** True when the prediction made again is the one recorded (to the digits JSON keeps). */
    public boolean matchesRecorded() {
        return prediction.predicted().equals(recorded);
    }
}
