package org.openmark.store.sim.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Distributions;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/**
 * The {@code sim.*} store properties, all defaults in one place. A model is either read from
 * {@link #CONFIG} (a YAML file; only {@link #SEED} may override it) or built from the model
 * properties: a primary plus {@link #SECONDARIES} identical secondaries.
 */
public final class SimProperties {
    /** A YAML configuration file. */
    public static final String CONFIG = "sim.config";
    /** Client latency of every node (default 0). */
    public static final String LATENCY = "sim.latency";
    /** λmax of every node in ops/s (default 0 = unlimited). */
    public static final String MAX_THROUGHPUT = "sim.maxthroughput";
    /** The primary's hiccups: {@code START:DURATION[:PERIOD[:COUNT]]}, comma-separated (default none). */
    public static final String HICCUPS = "sim.hiccups";
    /** The number of secondaries (default 0). */
    public static final String SECONDARIES = "sim.secondaries";
    /** Replication delay of every secondary (default 0). */
    public static final String REPLICATION_DELAY = "sim.replicationdelay";
    /** primary, secondary, random or nearest (default primary). */
    public static final String READ_PREFERENCE = "sim.readpreference";
    /** w: 1..nodes or majority (default 1). */
    public static final String WRITE_CONCERN = "sim.writeconcern";
    /** r: reads ask this many random nodes and return the newest version (1..nodes, default 1; random reads only). */
    public static final String READ_CONCERN = "sim.readconcern";
    /** The engine's seed (default: the run's {@link #RUN_SEED}, else 1). */
    public static final String SEED = "sim.seed";
    /**
     * The run's seed ({@code --seed}), which the engine takes when {@link #SEED} is not given: two
     * runs that differ only in their seed then differ in the store's draws too (an A/A check needs
     * that), and one seed replays the whole run.
     */
    public static final String RUN_SEED = "seed";
    /** The largest protocol frame in bytes (default 1 MiB). */
    public static final String MAX_FRAME = "sim.maxframe";
    /** W/A/R/S samples kept per kind (default 1,000,000). */
    public static final String SAMPLE_LIMIT = "sim.samplelimit";
    /** Where the ground truth JSON is written when the store closes (default: not written). */
    public static final String TRUTH_FILE = "sim.truth.file";
    /** Where w.txt, a.txt, r.txt, s.txt are written when the store closes (in-process only). */
    public static final String WARS_DIR = "sim.wars.dir";
    /** A simulated store server's host: set it (or the port) to use the TCP client. */
    public static final String HOST = "sim.host";
    /** A simulated store server's port. */
    public static final String PORT = "sim.port";
    /** TCP connections the client opens; sessions share them round-robin (default 2). */
    public static final String CONNECTIONS = "sim.connections";

    /** The default seed. */
    public static final long DEFAULT_SEED = 1;
    /** The default host of the TCP client. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** The default number of client connections. */
    public static final int DEFAULT_CONNECTIONS = 2;

    private static final List<String> MODEL_KEYS = List.of(LATENCY, MAX_THROUGHPUT, HICCUPS, SECONDARIES,
            REPLICATION_DELAY, READ_PREFERENCE, WRITE_CONCERN, READ_CONCERN, MAX_FRAME, SAMPLE_LIMIT);

    /** Every property name the store reads. */
    public static final Set<String> ALL = Set.of(CONFIG, LATENCY, MAX_THROUGHPUT, HICCUPS, SECONDARIES,
            REPLICATION_DELAY, READ_PREFERENCE, WRITE_CONCERN, READ_CONCERN, SEED, MAX_FRAME, SAMPLE_LIMIT, TRUTH_FILE, WARS_DIR,
            HOST, PORT, CONNECTIONS);

    private SimProperties() {
    }

    /** The model the properties describe. */
    public static SimConfig config(StoreProperties p) {
        String file = p.get(CONFIG);
        if (file != null) {
            for (String key : MODEL_KEYS) {
                if (p.contains(key)) {
                    throw new StoreConfigException(key, p.get(key),
                            "cannot be combined with " + CONFIG + "; set it in " + file);
                }
            }
            SimConfig config = YamlSimConfig.load(Path.of(file));
            return p.contains(SEED) ? config.withSeed(ConfigValues.seed(SEED, p.get(SEED))) : config;
        }
        Distribution latency = Distributions.parse(LATENCY, p.get(LATENCY, "0ms"), null);
        double maxOps = ConfigValues.maxThroughput(MAX_THROUGHPUT, p.get(MAX_THROUGHPUT, "0"));
        List<Hiccup> hiccups = new ArrayList<>();
        String hiccupText = p.get(HICCUPS, "").trim();
        if (!hiccupText.isEmpty()) {
            String[] items = hiccupText.split(",");
            for (int i = 0; i < items.length; i++) {
                hiccups.add(ConfigValues.hiccup(HICCUPS + "[" + i + "]", items[i]));
            }
        }
        long secondaries = ConfigValues.wholeNumber(SECONDARIES, p.get(SECONDARIES, "0"));
        if (secondaries < 0 || secondaries > 64) {
            throw new StoreConfigException(SECONDARIES, p.get(SECONDARIES), "must be in 0..64");
        }
        if (p.contains(REPLICATION_DELAY) && secondaries == 0) {
            throw new StoreConfigException(REPLICATION_DELAY, p.get(REPLICATION_DELAY),
                    "needs " + SECONDARIES + " >= 1 (the primary has no replication delay)");
        }
        Distribution replication = Distributions.parse(REPLICATION_DELAY, p.get(REPLICATION_DELAY, "0ms"), null);
        List<NodeSpec> nodes = new ArrayList<>();
        nodes.add(new NodeSpec("primary", latency, NodeSpec.ZERO, maxOps, hiccups));
        for (int i = 1; i <= secondaries; i++) {
            nodes.add(new NodeSpec("secondary-" + i, latency, replication, maxOps, List.of()));
        }
        ReadPreference pref = ConfigValues.readPreference(READ_PREFERENCE, p.get(READ_PREFERENCE, "primary"));
        if (pref == ReadPreference.SECONDARY && secondaries == 0) {
            throw new StoreConfigException(READ_PREFERENCE, p.get(READ_PREFERENCE), "needs " + SECONDARIES + " >= 1");
        }
        int w = ConfigValues.writeAcks(WRITE_CONCERN, p.get(WRITE_CONCERN, "1"), nodes.size());
        long seed = p.contains(SEED) ? ConfigValues.seed(SEED, p.get(SEED))
                : ConfigValues.seed(RUN_SEED, p.get(RUN_SEED, Long.toString(DEFAULT_SEED)));
        int maxFrame = ConfigValues.maxFrameBytes(MAX_FRAME, p.get(MAX_FRAME, Integer.toString(SimConfig.DEFAULT_MAX_FRAME_BYTES)));
        int samples = ConfigValues.sampleLimit(SAMPLE_LIMIT, p.get(SAMPLE_LIMIT, Integer.toString(SimConfig.DEFAULT_SAMPLE_LIMIT)));
        int r = ConfigValues.readAcks(READ_CONCERN, p.get(READ_CONCERN, "1"), nodes.size());
        if (r > 1 && pref != ReadPreference.RANDOM) {
            throw new StoreConfigException(READ_CONCERN, p.get(READ_CONCERN), "above 1 needs " + READ_PREFERENCE
                    + "=random (a read asks r random nodes)");
        }
        return new SimConfig(nodes, pref, w, seed, maxFrame, samples, r);
    }

    /** True when the properties select the TCP client. */
    public static boolean isRemote(StoreProperties p) {
        return p.contains(HOST) || p.contains(PORT);
    }
}
