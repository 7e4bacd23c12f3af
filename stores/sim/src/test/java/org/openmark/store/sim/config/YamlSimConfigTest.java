package org.openmark.store.sim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.api.StoreConfigException;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.NodeSpec;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

class YamlSimConfigTest {
    private static final long MS = 1_000_000L;

    static Path example() throws URISyntaxException {
        return Path.of(YamlSimConfigTest.class.getResource("/sim-example.yml").toURI());
    }

    @Test
    void load_completeExample_givesEveryValue() throws Exception {
        SimConfig c = YamlSimConfig.load(example());
        assertEquals(ReadPreference.RANDOM, c.readPreference());
        assertEquals(2, c.writeAcks());   // majority of 3
        assertEquals(42, c.seed());
        assertEquals(1 << 20, c.maxFrameBytes());
        assertEquals(1_000_000, c.sampleLimit());
        List<NodeSpec> n = c.nodes();
        assertEquals(List.of("primary", "secondary-near", "secondary-far"), n.stream().map(NodeSpec::name).toList());
        assertEquals(new Distribution.TruncatedNormal(2 * MS, MS / 2), n.get(0).latency());
        assertEquals(20000, n.get(0).maxOpsPerSecond());
        assertEquals(List.of(new Hiccup(30_000 * MS, 500 * MS, 60_000 * MS, 3)), n.get(0).hiccups());
        assertEquals(new Distribution.Exponential(10 * MS), n.get(1).replicationDelay());
        assertEquals(0, n.get(2).maxOpsPerSecond());
        Distribution.Empirical far = assertInstanceOf(Distribution.Empirical.class, n.get(2).replicationDelay());
        assertEquals(5, far.valuesNanos().length);
        assertEquals(List.of(Hiccup.once(45_000 * MS, 2_000 * MS)), n.get(2).hiccups());
    }

    @Test
    void manual_exampleYaml_isTheTestedExample() throws Exception {
        // Maven runs module tests from the module directory; docs/ is two levels up.
        String md = Files.readString(Path.of("../../docs/simstore.md"));
        assertTrue(md.contains(Files.readString(example()).strip()),
                "docs/simstore.md must contain src/test/resources/sim-example.yml verbatim");
    }

    @Test
    void parse_minimal_defaults() {
        SimConfig c = YamlSimConfig.parse("nodes:\n  - latency: 1ms\n", null);
        assertEquals(1, c.nodes().size());
        assertEquals("primary", c.nodes().get(0).name());
        assertEquals(ReadPreference.PRIMARY, c.readPreference());
        assertEquals(1, c.writeAcks());
        assertEquals(SimProperties.DEFAULT_SEED, c.seed());
        assertEquals(0, c.nodes().get(0).maxOpsPerSecond());
    }

    private static StoreConfigException rejected(String yaml) {
        return assertThrows(StoreConfigException.class, () -> YamlSimConfig.parse(yaml, null));
    }

    @Test
    void parse_badInput_namesThePathAndRule() {
        assertEquals("nodes[1].latency", rejected("nodes:\n  - latency: 1ms\n  - latency: fast\n").property());
        assertEquals("nodes[0].replicationDelay",
                rejected("nodes:\n  - replicationDelay: 1ms\n").property());
        assertEquals("nodes[0].latncy", rejected("nodes:\n  - latncy: 1ms\n").property());
        assertEquals("client.writeConcern",
                rejected("client:\n  writeConcern: 3\nnodes:\n  - latency: 1ms\n  - latency: 1ms\n").property());
        assertEquals("client.readPreference",
                rejected("client:\n  readPreference: secondary\nnodes:\n  - latency: 1ms\n").property());
        assertEquals("client.readPreference",
                rejected("client:\n  readPreference: closest\nnodes:\n  - latency: 1ms\n").property());
        assertEquals("nodes", rejected("client:\n  seed: 1\n").property());
        assertEquals("nodes[0].maxThroughput", rejected("nodes:\n  - maxThroughput: -5\n").property());
        assertEquals("nodes[1].name", rejected("nodes:\n  - name: a\n  - name: a\n").property());
        assertEquals("nodes[0].hiccups[0].period",
                rejected("nodes:\n  - hiccups:\n      - {start: 1s, duration: 2s, period: 1s}\n").property());
        assertEquals("nodes[0].hiccups[0]", rejected("nodes:\n  - hiccups:\n      - {start: 1s}\n").property());
        assertEquals("maxFrameBytes", rejected("maxFrameBytes: 1024\nnodes:\n  - latency: 1ms\n").property());
        assertEquals("colour", rejected("colour: blue\nnodes:\n  - latency: 1ms\n").property());
        StoreConfigException e = rejected("nodes:\n  - latency: 1ms\n  - latency: fast\n");
        assertTrue(e.getMessage().contains("fast") && e.getMessage().contains("uniform("), e.getMessage());
    }

    @Test
    void load_missingFile_namesSimConfig(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        StoreConfigException e = assertThrows(StoreConfigException.class,
                () -> YamlSimConfig.load(dir.resolve("nope.yml")));
        assertEquals("sim.config", e.property());
        Path list = dir.resolve("list.yml");
        Files.writeString(list, "- 1\n- 2\n");
        assertEquals("sim.config", assertThrows(StoreConfigException.class, () -> YamlSimConfig.load(list)).property());
    }

    @Test
    void load_errorInFile_prefixesTheFileName(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path f = dir.resolve("my.yml");
        Files.writeString(f, "nodes:\n  - latency: soon\n");
        assertEquals("my.yml: nodes[0].latency", assertThrows(StoreConfigException.class, () -> YamlSimConfig.load(f)).property());
    }
}
