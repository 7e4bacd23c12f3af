package org.openmark.store.sim.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Distributions;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

/**
 * Reads a simulated store's configuration from YAML (see docs/simstore.md for the format). The
 * first node is the primary. Every error names the file and the path inside it, e.g.
 * {@code sim.yml: nodes[1].latency=foo: must be ...}; unknown keys are errors, not ignored.
 */
public final class YamlSimConfig {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP_KEYS = Set.of("client", "nodes", "maxFrameBytes", "sampleLimit");
    private static final Set<String> CLIENT_KEYS = Set.of("readPreference", "writeConcern", "readConcern", "seed");
    private static final Set<String> NODE_KEYS = Set.of("name", "latency", "replicationDelay", "maxThroughput", "hiccups");
    private static final Set<String> HICCUP_KEYS = Set.of("start", "duration", "period", "count");

    private YamlSimConfig() {
    }

    /** Loads and validates the file. */
    public static SimConfig load(Path file) {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new StoreConfigException("sim.config", file.toString(), "cannot be read as YAML: " + e.getMessage());
        }
        String prefix = file.getFileName() + ": ";
        if (root == null || !root.isObject()) {
            throw new StoreConfigException("sim.config", file.toString(), "must hold a YAML mapping with a 'nodes' list");
        }
        Path baseDir = file.toAbsolutePath().getParent();
        return parse(root, prefix, baseDir);
    }

    /** Parses a YAML document given as text (relative empirical files resolve against {@code baseDir}). */
    public static SimConfig parse(String yaml, Path baseDir) {
        try {
            JsonNode root = YAML.readTree(yaml);
            if (root == null || !root.isObject()) {
                throw new StoreConfigException("sim.config", "(text)", "must hold a YAML mapping with a 'nodes' list");
            }
            return parse(root, "", baseDir);
        } catch (IOException e) {
            throw new StoreConfigException("sim.config", "(text)", "cannot be read as YAML: " + e.getMessage());
        }
    }

    private static SimConfig parse(JsonNode root, String prefix, Path baseDir) {
        checkKeys(root, prefix, TOP_KEYS);
        JsonNode nodesNode = root.get("nodes");
        if (nodesNode == null || !nodesNode.isArray() || nodesNode.isEmpty()) {
            throw new StoreConfigException(prefix + "nodes", text(nodesNode),
                    "must be a non-empty list of nodes (the first is the primary)");
        }
        List<NodeSpec> nodes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < nodesNode.size(); i++) {
            NodeSpec node = node(nodesNode.get(i), prefix + "nodes[" + i + "]", i, baseDir);
            if (!names.add(node.name())) {
                throw new StoreConfigException(prefix + "nodes[" + i + "].name", node.name(), "must be unique");
            }
            nodes.add(node);
        }
        JsonNode client = root.path("client");
        if (!client.isMissingNode() && !client.isObject()) {
            throw new StoreConfigException(prefix + "client", text(client), "must be a mapping");
        }
        if (client.isObject()) {
            checkKeys(client, prefix + "client.", CLIENT_KEYS);
        }
        ReadPreference pref = client.has("readPreference")
                ? ConfigValues.readPreference(prefix + "client.readPreference", text(client.get("readPreference")))
                : ReadPreference.PRIMARY;
        if (pref == ReadPreference.SECONDARY && nodes.size() < 2) {
            throw new StoreConfigException(prefix + "client.readPreference", "secondary", "needs at least one secondary node");
        }
        int w = client.has("writeConcern")
                ? ConfigValues.writeAcks(prefix + "client.writeConcern", text(client.get("writeConcern")), nodes.size())
                : 1;
        long seed = client.has("seed") ? ConfigValues.seed(prefix + "client.seed", text(client.get("seed"))) : SimProperties.DEFAULT_SEED;
        int maxFrame = root.has("maxFrameBytes")
                ? ConfigValues.maxFrameBytes(prefix + "maxFrameBytes", text(root.get("maxFrameBytes")))
                : SimConfig.DEFAULT_MAX_FRAME_BYTES;
        int sampleLimit = root.has("sampleLimit")
                ? ConfigValues.sampleLimit(prefix + "sampleLimit", text(root.get("sampleLimit")))
                : SimConfig.DEFAULT_SAMPLE_LIMIT;
        int r = client.has("readConcern")
                ? ConfigValues.readAcks(prefix + "client.readConcern", text(client.get("readConcern")), nodes.size())
                : 1;
        if (r > 1 && pref != ReadPreference.RANDOM) {
            throw new StoreConfigException(prefix + "client.readConcern", text(client.get("readConcern")),
                    "above 1 needs readPreference random (a read asks r random nodes)");
        }
        return new SimConfig(nodes, pref, w, seed, maxFrame, sampleLimit, r);
    }

    private static NodeSpec node(JsonNode n, String where, int index, Path baseDir) {
        if (n == null || !n.isObject()) {
            throw new StoreConfigException(where, text(n), "must be a mapping with at least 'latency'");
        }
        checkKeys(n, where + ".", NODE_KEYS);
        String name = n.has("name") ? text(n.get("name")) : (index == 0 ? "primary" : "secondary-" + index);
        Distribution latency = n.has("latency")
                ? Distributions.parse(where + ".latency", text(n.get("latency")), baseDir)
                : NodeSpec.ZERO;
        Distribution replication = NodeSpec.ZERO;
        if (n.has("replicationDelay")) {
            if (index == 0) {
                throw new StoreConfigException(where + ".replicationDelay", text(n.get("replicationDelay")),
                        "is not allowed on the primary (the first node), which applies every write at once");
            }
            replication = Distributions.parse(where + ".replicationDelay", text(n.get("replicationDelay")), baseDir);
        }
        double maxOps = n.has("maxThroughput")
                ? ConfigValues.maxThroughput(where + ".maxThroughput", text(n.get("maxThroughput")))
                : 0;
        return new NodeSpec(name, latency, replication, maxOps, hiccups(n.get("hiccups"), where + ".hiccups"));
    }

    private static List<Hiccup> hiccups(JsonNode list, String where) {
        List<Hiccup> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (!list.isArray()) {
            throw new StoreConfigException(where, text(list), "must be a list of {start, duration, period?, count?}");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode h = list.get(i);
            String at = where + "[" + i + "]";
            if (!h.isObject()) {
                throw new StoreConfigException(at, text(h), "must be a mapping {start, duration, period?, count?}");
            }
            checkKeys(h, at + ".", HICCUP_KEYS);
            if (!h.has("start") || !h.has("duration")) {
                throw new StoreConfigException(at, h.toString(), "needs both start and duration");
            }
            out.add(ConfigValues.hiccup(at, text(h.get("start")), text(h.get("duration")),
                    h.has("period") ? text(h.get("period")) : null, h.has("count") ? text(h.get("count")) : null));
        }
        return out;
    }

    private static void checkKeys(JsonNode object, String prefix, Set<String> allowed) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw new StoreConfigException(prefix + key, text(object.get(key)),
                        "unknown key; allowed here: " + String.join(", ", new java.util.TreeSet<>(allowed)));
            }
        }
    }

    private static String text(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "(missing)";
        }
        return n.isValueNode() ? n.asText() : n.toString();
    }
}
