package org.openmark.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.Share;
import org.openmark.run.RunProperties;

/**
 * A staleness measurement to spread over workers: the store, its properties and the
 * measurement's parameters, carried to the workers as one map of properties (the plan of a
 * cluster run). Each worker measures its part ({@link StalenessConfig#part}) with its own writer
 * and probers, on keys of its own, timed by its own clock: no figure depends on two machines'
 * clocks agreeing.
 *
 * @param seed the seed of the store's random draws (the simulated store's), or null; a worker's
 *     store in its own process gets a seed derived from it and its share, reported in its facts
 */
public record StalenessPlan(String store, Map<String, String> storeProperties, StalenessConfig config, Long seed) {
    private static final String PREFIX = "openmark.staleness.";
    /** The plan's own properties, beside the store's. */
    private static final String STORE = PREFIX + "store";
    private static final String RATE = PREFIX + "rate";
    private static final String WRITES = PREFIX + "writes";
    private static final String KEYS = PREFIX + "keys";
    private static final String TABLE = PREFIX + "table";
    private static final String PROBES = PREFIX + "probes";
    private static final String SEED = PREFIX + "seed";

    public StalenessPlan {
        storeProperties = Map.copyOf(storeProperties);
    }

    /** As the properties a worker receives. */
    Map<String, String> toSettings() {
        Map<String, String> m = new HashMap<>(storeProperties);
        m.put(STORE, store);
        m.put(RATE, String.valueOf(config.writeRatePerSec()));
        m.put(WRITES, String.valueOf(config.writes()));
        m.put(KEYS, String.valueOf(config.keys()));
        m.put(TABLE, config.table());
        List<String> probes = new ArrayList<>();
        for (double t : config.probeOffsetsMs()) {
            probes.add(String.valueOf(t));
        }
        m.put(PROBES, String.join(",", probes));
        if (seed != null) {
            m.put(SEED, String.valueOf(seed));
        }
        m.put(RunProperties.AUTOLOAD, String.valueOf(false));
        return m;
    }

    /** The plan from a worker's properties ({@code share} included, as the coordinator adds it). */
    public static StalenessPlan fromSettings(Map<String, String> settings) {
        Map<String, String> props = new HashMap<>();
        settings.forEach((k, v) -> {
            if (!k.startsWith(PREFIX) && !k.equals(RunProperties.SHARE) && !k.equals(RunProperties.AUTOLOAD)) {
                props.put(k, v);
            }
        });
        List<Double> probes = new ArrayList<>();
        for (String t : settings.get(PROBES).split(",")) {
            probes.add(Double.valueOf(t));
        }
        StalenessConfig cfg = new StalenessConfig(Double.parseDouble(settings.get(RATE)),
                Long.parseLong(settings.get(WRITES)), Integer.parseInt(settings.get(KEYS)), probes, settings.get(TABLE));
        String seed = settings.get(SEED);
        return new StalenessPlan(settings.get(STORE), props, cfg, seed == null ? null : Long.valueOf(seed));
    }

    /** This share's part of the measurement. */
    public StalenessConfig part(Share share) {
        return config.part(share);
    }
}
