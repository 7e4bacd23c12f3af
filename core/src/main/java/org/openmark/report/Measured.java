package org.openmark.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.api.Secrets;
import org.openmark.run.RunResult;

/**
 * What a result measured, the same block in every result that is not a run's own
 * {@code result.json} (which has these at its top level): {@code rating.json},
 * {@code staleness.json}, {@code experiment.json} and their pages. A figure without it cannot be
 * compared with another or replayed: the store and what it said about itself (its version, the
 * simulated store's model and seed), the load model, the clock, the seeds, every property (secrets
 * masked) and the openmark version.
 *
 * @param openmarkVersion the tool's version
 * @param store the store's name
 * @param storeFacts what the store said about itself ({@code version}, {@code seed}, the simulated
 *     store's model, …)
 * @param model the load model, as the run describes it (empty when there was none)
 * @param clock {@code real} or {@code virtual}
 * @param seeds the seeds of the random choices, by what they seed
 * @param properties every effective property, secrets masked, by name
 */
public record Measured(String openmarkVersion, String store, Map<String, String> storeFacts, String model,
        String clock, Map<String, Long> seeds, Map<String, String> properties) {
    public Measured {
        storeFacts = new TreeMap<>(storeFacts);
        seeds = new LinkedHashMap<>(seeds);
        properties = masked(properties);
    }

    /** What a run measured ({@code result}: a rating's experiment, say), with its seed. */
    public static Measured of(RunResult result) {
        return new Measured(result.openmarkVersion(), result.store(), result.storeFacts(), result.model().display(),
                result.config().getOrDefault(org.openmark.run.RunProperties.TIME, org.openmark.run.Defaults.TIME),
                Map.of("seed", result.seed()), result.config());
    }

    /** Every property sorted by name, each value through the one masking rule. */
    private static Map<String, String> masked(Map<String, String> properties) {
        Map<String, String> out = new TreeMap<>();
        properties.forEach((k, v) -> out.put(k, Secrets.shown(k, v)));
        return out;
    }

    /** As a JSON object's fields, in a fixed order. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("openmarkVersion", openmarkVersion);
        m.put("store", store);
        m.put("storeFacts", storeFacts);
        m.put("model", model);
        m.put("clock", clock);
        m.put("seeds", seeds);
        m.put("properties", properties);
        return m;
    }

    /** As lines of text, one per fact, the properties on one line. */
    public List<String> lines() {
        return List.of("store: " + store + (storeFacts.isEmpty() ? "" : " " + storeFacts),
                "model: " + (model.isEmpty() ? "(none)" : model), "clock: " + clock, "seeds: " + seeds,
                "openmark: " + openmarkVersion, "properties: " + properties);
    }
}
