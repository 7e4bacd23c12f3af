package org.openmark.cluster.worker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openmark.cluster.StalenessPlan;
import org.openmark.consistency.StalenessConfig;
import org.openmark.load.Share;

/**
 * How a staleness plan travelled before it was typed, kept as the reference of the differential test:
 * one map of properties (the store's and the plan's own under {@code openmark.staleness.}), {@code share}
 * added, parsed again by the worker.
 */
record StringStalenessPlan(String store, Map<String, String> storeProperties, StalenessConfig config, Long seed) {
    private static final String PREFIX = "openmark.staleness.";

    /** The properties a worker of {@code share} was sent. */
    static Map<String, String> toSettings(StalenessPlan plan, Share share) {
        Map<String, String> m = new HashMap<>(plan.storeProperties());
        m.put(PREFIX + "store", plan.store());
        m.put(PREFIX + "rate", String.valueOf(plan.config().writeRatePerSec()));
        m.put(PREFIX + "writes", String.valueOf(plan.config().writes()));
        m.put(PREFIX + "keys", String.valueOf(plan.config().keys()));
        m.put(PREFIX + "table", plan.config().table());
        List<String> probes = new ArrayList<>();
        for (double t : plan.config().probeOffsetsMs()) {
            probes.add(String.valueOf(t));
        }
        m.put(PREFIX + "probes", String.join(",", probes));
        if (plan.seed() != null) {
            m.put(PREFIX + "seed", String.valueOf(plan.seed()));
        }
        m.put("autoload", "false");
        m.put("share", share.describe());
        return m;
    }

    /** The plan as the worker parsed it from them. */
    static StringStalenessPlan fromSettings(Map<String, String> settings) {
        Map<String, String> props = new HashMap<>();
        settings.forEach((k, v) -> {
            if (!k.startsWith(PREFIX) && !k.equals("share") && !k.equals("autoload")) {
                props.put(k, v);
            }
        });
        List<Double> probes = new ArrayList<>();
        for (String t : settings.get(PREFIX + "probes").split(",")) {
            probes.add(Double.valueOf(t));
        }
        StalenessConfig cfg = new StalenessConfig(Double.parseDouble(settings.get(PREFIX + "rate")),
                Long.parseLong(settings.get(PREFIX + "writes")), Integer.parseInt(settings.get(PREFIX + "keys")), probes,
                settings.get(PREFIX + "table"));
        String seed = settings.get(PREFIX + "seed");
        return new StringStalenessPlan(settings.get(PREFIX + "store"), Map.copyOf(props), cfg,
                seed == null ? null : Long.valueOf(seed));
    }
}
