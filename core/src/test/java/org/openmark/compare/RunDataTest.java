package org.openmark.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;
import org.openmark.output.HlogSink;

/** A run directory as a comparison reads it: which intervals count, what the facts are, and what is bad input. */
class RunDataTest {
    private static final long START_MS = 1_700_000_000_000L;

    @TempDir
    Path dir;

    /**
     * A log of one-second intervals from the phase's start; {@code readsPerInterval[i]} OK reads of
     * 1 ms in interval i (0: none, only a failed update), and a last interval of 0.2 s cut short by the end.
     */
    private Path run(String name, String resultJson, int... readsPerInterval) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("result.json"), resultJson);
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        try (HlogSink sink = new HlogSink(run.resolve("latency.hlog"), START_MS)) {
            long t = START_MS;
            for (int i = 0; i < readsPerInterval.length; i++) {
                for (int k = 0; k < readsPerInterval[i]; k++) {
                    w.record("READ", Status.OK, 0, 0, 1_000_000L);
                }
                if (readsPerInterval[i] == 0) {
                    w.record("UPDATE", Status.ERROR, 0, 0, 2_000_000L);
                }
                sink.interval(m.collectInterval(t, t + 1000), i + 1, 0, false);
                t += 1000;
            }
            w.record("READ", Status.OK, 0, 0, 1_000_000L);
            sink.interval(m.collectInterval(t, t + 200), readsPerInterval.length + 0.2, 0, false);
        }
        return run;
    }

    private static String result(String config, String extra) {
        return "{\"openmarkVersion\":\"0.1.0\",\"phase\":\"run\",\"model\":\"open(arrival=poisson, rate=10/s)\","
                + "\"store\":\"sim\",\"valid\":true,\"runtimeMs\":6200,\"operations\":{\"READ\":{}},"
                + "\"config\":{" + config + "}" + extra + "}";
    }

    @Test
    void read_warmupAndTheLastShortIntervalLeftOut_intervalsKeepTheirStartTimes() throws Exception {
        Path p = run("r", result("\"warmup\":\"2s\",\"time\":\"virtual\"", ""), 3, 4, 5, 6, 0, 7);
        RunData r = RunData.read(p);
        assertEquals(List.of(new RunData.Interval(2, 1), new RunData.Interval(3, 1), new RunData.Interval(4, 1),
                new RunData.Interval(5, 1)), r.intervals(), "from 2 s (the warm-up) to 6 s; 6.0-6.2 s left out");
        assertEquals(List.of(5L, 6L, 0L, 7L), r.response().get("READ").stream().map(h -> h.getTotalCount()).toList(),
                "the interval with only a failed update is kept: nothing ended OK in it");
        assertEquals(18, r.okCount("READ"));
        assertEquals(1000, r.service().get("READ").get(0).getMaxValue(), 1);
        assertFalse(r.response().containsKey("UPDATE"), "OK outcomes only");
    }

    @Test
    void read_facts_normalizedDefaultsAndStoreVersion() throws Exception {
        RunData plain = RunData.read(run("plain", result("\"rate\":\"10\"", ""), 1, 1, 1));
        assertEquals("0ms", plain.facts().get(Comparability.WARMUP));
        assertEquals("1000 ms", plain.facts().get(Comparability.GRANULARITY));
        assertEquals("10", plain.facts().get("rate"));
        assertFalse(plain.facts().containsKey(Comparability.STORE_VERSION));
        RunData detailed = RunData.read(run("detailed", result("\"rate\":\"10\",\"warmup\":\"2000ms\","
                + "\"timeseries.granularity\":\"250\",\"time\":\"real\"", ",\"storeFacts\":{\"version\":\"7.2.4\"}"),
                1, 1, 1, 1));
        assertEquals("2s", detailed.facts().get(Comparability.WARMUP));
        assertEquals("250 ms", detailed.facts().get(Comparability.GRANULARITY));
        assertEquals("real", detailed.facts().get(Comparability.TIME));
        assertEquals("7.2.4", detailed.facts().get(Comparability.STORE_VERSION));
        assertEquals("0.1.0", detailed.facts().get(Comparability.OPENMARK_VERSION));
    }

    @Test
    void read_load_openModelWithItsSchedule() throws Exception {
        RunData open = RunData.read(run("open", result("", ",\"load\":{\"kind\":\"open\"},\"schedule\":"
                + "{\"scheduledRate\":1000.0,\"achievedRate\":980.0}"), 1, 1));
        assertTrue(open.load().open());
        assertTrue(open.load().shortOfSchedule(), "980 < 99 % of 1000");
        RunData closed = RunData.read(run("closed", result("", ",\"load\":{\"kind\":\"closed\"}"), 1, 1));
        assertFalse(closed.load().open());
        assertFalse(closed.load().shortOfSchedule());
    }

    @Test
    void read_logEndsAfterItsHeader_badInputNamingTheFile() throws Exception {
        Path p = run("truncated", result("", ""), 1, 1, 1);
        List<String> lines = Files.readAllLines(p.resolve("latency.hlog"));
        Files.write(p.resolve("latency.hlog"), lines.stream().filter(l -> l.startsWith("#") || l.startsWith("\""))
                .toList());
        ConfigException e = assertThrows(ConfigException.class, () -> RunData.read(p));
        assertTrue(e.getMessage().startsWith(p.resolve("latency.hlog") + ": no measured interval"), e.getMessage());
    }

    @Test
    void read_malformedResultJson_oneLineNamingTheFile() throws Exception {
        Path p = run("malformed", "{\"operations\": {\"READ\": ", 1, 1);
        ConfigException e = assertThrows(ConfigException.class, () -> RunData.read(p));
        assertTrue(e.getMessage().startsWith(p.resolve("result.json") + ": not valid JSON: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** A result.json that is not openmark's, without a latency.hlog: named for what it is, not for the missing log. */
    @Test
    void read_foreignResultJsonAndNoLog_saysTheResultIsNotOpenmarks() throws Exception {
        Path foreign = Files.createDirectories(dir.resolve("foreign"));
        Files.writeString(foreign.resolve("result.json"), "{\"garbage\": true}");
        ConfigException e = assertThrows(ConfigException.class, () -> RunData.read(foreign));
        assertTrue(e.getMessage().startsWith(foreign.resolve("result.json") + ": no operations"), e.getMessage());
        Files.writeString(foreign.resolve("result.json"), "not json");
        ConfigException notJson = assertThrows(ConfigException.class, () -> RunData.read(foreign));
        assertTrue(notJson.getMessage().startsWith(foreign.resolve("result.json") + ": not valid JSON"),
                notJson.getMessage());
    }

    @Test
    void read_missingFile_badInputSayingWhatWritesIt() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        ConfigException e = assertThrows(ConfigException.class, () -> RunData.read(empty));
        assertTrue(e.getMessage().contains("result.json: not found (bin/openmark run --out"), e.getMessage());
    }

    /**
     * A run left at the default arrival process and one given it explicitly did the same work: the
     * facts take the open model's resolved arrival and rate from result.json's load (a comparison
     * said "arrival differs: (unset) in a, poisson in b").
     */
    @Test
    void read_openModelsDefaultArrival_takenFromTheLoad() throws Exception {
        String load = ",\"load\":{\"kind\":\"open\",\"arrival\":\"poisson\",\"ratePerSec\":10.0}";
        RunData defaulted = RunData.read(run("defaulted", result("\"rate\":\"10\"", load), 5, 5, 5));
        RunData explicit = RunData.read(run("explicit", result("\"rate\":\"10\",\"arrival\":\"poisson\"", load), 5,
                5, 5));
        assertEquals("poisson", defaulted.facts().get("arrival"));
        assertEquals(explicit.facts(), defaulted.facts());
        assertTrue(Comparability.of(Side.of(defaulted), Side.of(explicit)).isEmpty());
    }
}
