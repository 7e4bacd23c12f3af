package org.openmark.store.sim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.model.Distribution;
import org.openmark.store.sim.model.Hiccup;
import org.openmark.store.sim.model.ReadPreference;
import org.openmark.store.sim.model.SimConfig;

class SimPropertiesTest {
    private static final long MS = 1_000_000L;

    private static SimConfig config(Map<String, String> p) {
        return SimProperties.config(StoreProperties.of(p));
    }

    @Test
    void config_noProperties_isOneUnlimitedZeroLatencyPrimary() {
        SimConfig c = config(Map.of());
        assertEquals(1, c.nodes().size());
        assertEquals(new Distribution.Constant(0), c.nodes().get(0).latency());
        assertEquals(0, c.nodes().get(0).maxOpsPerSecond());
        assertEquals(SimProperties.DEFAULT_SEED, c.seed());
    }

    @Test
    void config_modelProperties_buildPrimaryAndSecondaries() {
        SimConfig c = config(Map.of("sim.latency", "const(1ms)", "sim.maxthroughput", "500",
                "sim.hiccups", "10s:500ms, 1m:1s:30s:2", "sim.secondaries", "2", "sim.replicationdelay", "exp(20ms)",
                "sim.readpreference", "Secondary", "sim.writeconcern", "majority", "sim.seed", "7"));
        assertEquals(3, c.nodes().size());
        assertEquals(List.of(Hiccup.once(10_000 * MS, 500 * MS), new Hiccup(60_000 * MS, 1_000 * MS, 30_000 * MS, 2)),
                c.nodes().get(0).hiccups());
        assertEquals(List.of(), c.nodes().get(1).hiccups());
        assertEquals(new Distribution.Exponential(20 * MS), c.nodes().get(2).replicationDelay());
        assertEquals(500, c.nodes().get(2).maxOpsPerSecond());
        assertEquals(ReadPreference.SECONDARY, c.readPreference());
        assertEquals(2, c.writeAcks());
        assertEquals(7, c.seed());
    }

    @Test
    void config_readConcern_readsThatManyRandomNodes_refusedOtherwise() {
        assertEquals(2, config(Map.of("sim.secondaries", "2", "sim.readpreference", "random", "sim.readconcern", "2"))
                .readAcks());
        assertEquals(1, config(Map.of("sim.secondaries", "2")).readAcks());
        StoreConfigException notRandom = assertThrows(StoreConfigException.class,
                () -> config(Map.of("sim.secondaries", "2", "sim.readconcern", "2")));
        assertEquals(true, notRandom.getMessage().contains("sim.readconcern=2: above 1 needs sim.readpreference=random"),
                notRandom.getMessage());
        StoreConfigException tooMany = assertThrows(StoreConfigException.class, () -> config(Map.of(
                "sim.secondaries", "2", "sim.readpreference", "random", "sim.readconcern", "4")));
        assertEquals(true, tooMany.getMessage().contains("sim.readconcern=4: must be in 1..3"), tooMany.getMessage());
    }

    /** Whether some call can wait, so that a virtual clock can pass (the run's check that it can end). */
    @ParameterizedTest(name = "[{0}] -> {1}")
    @CsvSource(delimiter = '|', value = {
        "|false",
        "sim.latency=0ms|false",
        "sim.latency=uniform(0ms,0ms)|false",
        "sim.latency=1ms|true",
        "sim.latency=uniform(0ms,1ms)|true",
        "sim.latency=normal(0ms,1ms)|true",
        "sim.maxthroughput=1000|true",
        "sim.hiccups=0s:1s|false",
        "sim.secondaries=1;sim.replicationdelay=5ms|false",
        "sim.secondaries=1;sim.replicationdelay=5ms;sim.writeconcern=2|true",
        "sim.secondaries=1;sim.writeconcern=2|false",
    })
    void callsTakeTime_onlyWhenSomeCallCanWait(String properties, boolean expected) {
        Map<String, String> p = new java.util.HashMap<>();
        if (properties != null) {
            for (String pair : properties.split(";")) {
                String[] kv = pair.split("=", 2);
                p.put(kv[0], kv[1]);
            }
        }
        assertEquals(expected, config(p).callsTakeTime());
    }

    @Test
    void config_badValues_nameTheProperty() {
        record Case(Map<String, String> props, String property) {
        }
        for (Case c : List.of(
                new Case(Map.of("sim.latency", "slow"), "sim.latency"),
                new Case(Map.of("sim.maxthroughput", "lots"), "sim.maxthroughput"),
                new Case(Map.of("sim.hiccups", "10s"), "sim.hiccups[0]"),
                new Case(Map.of("sim.hiccups", "1s:1s,2s:0ms"), "sim.hiccups[1].duration"),
                new Case(Map.of("sim.secondaries", "-1"), "sim.secondaries"),
                new Case(Map.of("sim.replicationdelay", "1ms"), "sim.replicationdelay"),
                new Case(Map.of("sim.readpreference", "secondary"), "sim.readpreference"),
                new Case(Map.of("sim.writeconcern", "2"), "sim.writeconcern"),
                new Case(Map.of("sim.seed", "abc"), "sim.seed"),
                new Case(Map.of("sim.maxframe", "5"), "sim.maxframe"),
                new Case(Map.of("sim.config", "x.yml", "sim.latency", "1ms"), "sim.latency"))) {
            StoreConfigException e = assertThrows(StoreConfigException.class, () -> config(c.props()), c.toString());
            assertEquals(c.property(), e.property(), e.getMessage());
        }
    }

    @Test
    void config_fileWithSeedOverride_usesFileAndSeed() throws Exception {
        SimConfig c = config(Map.of("sim.config", YamlSimConfigTest.example().toString(), "sim.seed", "5"));
        assertEquals(3, c.nodes().size());
        assertEquals(5, c.seed());
    }
}
