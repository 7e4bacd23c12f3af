package org.openmark.cluster.protocol;

import java.util.Map;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.Share;

/**
 * A worker's share of a staleness measurement on the wire, typed: its part of the writes, the rate and
 * the keys ({@link StalenessConfig#part}, derived by the coordinator), and the store with its properties
 * (text: only the store's binding reads them).
 *
 * @param store the store's name
 * @param storeProperties the store's properties, as the user gave them
 * @param part this worker's part of the measurement
 * @param seed the seed of the store's random draws (the simulated store's), or null
 * @param share which part it is (a worker's own simulated store derives its seed from it)
 */
public record StalenessPart(String store, Map<String, String> storeProperties, StalenessConfig part, Long seed,
        Share share) implements PlanConfig {

    public StalenessPart {
        storeProperties = Map.copyOf(storeProperties);
    }

    @Override
    public PlanPhase kind() {
        return PlanPhase.STALENESS;
    }
}
