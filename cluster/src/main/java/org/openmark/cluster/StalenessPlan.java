package org.openmark.cluster;

import java.util.Map;
import org.openmark.cluster.protocol.StalenessPart;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.Share;

/**
 * A staleness measurement to spread over workers: the store, its properties and the
 * measurement's parameters. Each worker is sent its part ({@link #share}), typed, and measures it
 * with its own writer and probers, on keys of its own, timed by its own clock: no figure depends on
 * two machines' clocks agreeing.
 *
 * @param seed the seed of the store's random draws (the simulated store's), or null; a worker's
 *     store in its own process gets a seed derived from it and its share, reported in its facts
 */
public record StalenessPlan(String store, Map<String, String> storeProperties, StalenessConfig config, Long seed) {

    public StalenessPlan {
        storeProperties = Map.copyOf(storeProperties);
    }

    /** This share's part of the measurement. */
    public StalenessConfig part(Share share) {
        return config.part(share);
    }

    /** What the worker of {@code share} is sent: its part of the measurement, and the store. */
    public StalenessPart share(Share share) {
        return new StalenessPart(store, storeProperties, part(share), seed, share);
    }
}
