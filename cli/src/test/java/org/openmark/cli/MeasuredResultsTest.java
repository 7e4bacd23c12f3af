package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every result says what it measured, and {@code --seed} seeds everything random: two runs of the
 * simulated store that differ only in {@code --seed} differ in the store's latencies (they were
 * identical: the store drew from sim.seed's default); an explicit {@code -p sim.seed} still wins; a
 * chosen seed seeds the store too. rating.json, staleness.json and experiment.json carry
 * {@code measured}: store, its facts (the simulated store's model), model, clock, seeds, properties
 * with secrets masked, version.
 */
class MeasuredResultsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode run(String name, String... extra) throws IOException {
        String[] base = {"run", "--store", "sim", "-p", "sim.latency=exp(1ms)", "--rate", "1000", "--duration", "3s",
            "--time", "virtual", "--quiet", "--out", dir.resolve(name).toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        CliRunner.run(args).assertRan();
        return JSON.readTree(dir.resolve(name).resolve("result.json").toFile());
    }

    private static double mean(JsonNode result) {
        return result.at("/operations/READ/latencyUs/mean").asDouble();
    }

    @Test
    void run_seedSeedsTheSimulatedStore_anExplicitStoreSeedWins() throws IOException {
        JsonNode one = run("one", "--seed", "1");
        JsonNode two = run("two", "--seed", "2");
        assertEquals("1", one.at("/storeFacts/seed").asText());
        assertEquals("2", two.at("/storeFacts/seed").asText());
        assertNotEquals(mean(one), mean(two), "other seeds, other latencies");
        JsonNode pinned = run("pinned", "--seed", "2", "-p", "sim.seed=1");
        assertEquals("1", pinned.at("/storeFacts/seed").asText(), "an explicit store seed wins");
        JsonNode chosen = run("chosen");
        assertEquals(chosen.get("seed").asText(), chosen.at("/storeFacts/seed").asText(), "a chosen seed seeds it too");
        assertTrue(one.at("/storeFacts/model").asText().startsWith("primary: latency exp(1ms)"),
                one.at("/storeFacts/model").asText());
    }

    @Test
    void rate_ratingJsonTxtAndHtmlSayWhatWasMeasured() throws IOException {
        Path out = dir.resolve("rate");
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.maxthroughput=2000", "-p",
                "sim.latency=1ms", "-p", "arrival=constant", "-p", "db.password=hunter2", "--model", "open", "--sla",
                "p99<=50ms", "--duration", "2s", "--warmup", "500ms", "--time", "virtual", "--seed", "7", "--out",
                out.toString());
        assertEquals(0, r.exitCode, r::toString);
        JsonNode m = JSON.readTree(out.resolve("rating.json").toFile()).get("measured");
        assertEquals("sim", m.get("store").asText());
        assertTrue(m.at("/storeFacts/model").asText().contains("max 2000 ops/s"), m.toString());
        assertEquals("7", m.at("/storeFacts/seed").asText(), "the rating's seed seeds the store");
        assertEquals("virtual", m.get("clock").asText());
        assertEquals(7, m.at("/seeds/seed").asLong());
        assertTrue(m.get("model").asText().startsWith("open("), m.toString());
        assertEquals("2000", m.at("/properties/sim.maxthroughput").asText());
        assertNotEquals("hunter2", m.at("/properties/db.password").asText(), "secrets masked");
        assertTrue(m.get("openmarkVersion").asText().length() > 0);
        String text = Files.readString(out.resolve("rating.txt"));
        assertTrue(text.contains("What was measured:\n  store: sim"), text);
        String html = Files.readString(out.resolve("rating.html"));
        assertTrue(html.contains("<dt>seeds</dt>") && html.contains("<dt>clock</dt>"), "the page shows them");
        assertTrue(!html.contains("hunter2") && !text.contains("hunter2"), "secrets masked everywhere");
    }

    @Test
    void staleness_jsonSaysWhatWasMeasured_theSimulatedStoresModelIncluded() throws IOException {
        Path out = dir.resolve("stale");
        CliRunner r = CliRunner.run("staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "--time", "virtual", "--writes",
                "200", "--seed", "3", "--out", out.toString());
        assertEquals(0, r.exitCode, r::toString);
        JsonNode m = JSON.readTree(out.resolve("staleness.json").toFile()).get("measured");
        assertEquals("sim", m.get("store").asText());
        assertTrue(m.at("/storeFacts/model").asText().contains("secondary-1: latency const(0ms), replication exp(5ms)"),
                m.toString());
        assertEquals("virtual", m.get("clock").asText());
        assertEquals(3, m.at("/seeds/store").asLong());
        assertEquals("secondary", m.at("/properties/sim.readpreference").asText());
    }

    @Test
    void experiment_jsonSaysWhatWasMeasured() throws IOException {
        Path out = dir.resolve("exp");
        CliRunner r = CliRunner.run("experiment", "coordinated-omission", "--quick", "--ops", "3000", "--hiccup-at",
                "1s", "--threads", "1", "--out", out.toString());
        assertEquals(0, r.exitCode, r::toString);
        JsonNode m = JSON.readTree(out.resolve("experiment.json").toFile()).get("measured");
        assertEquals("sim", m.get("store").asText());
        assertTrue(m.at("/storeFacts/model").asText().contains("hiccup"), m.toString());
        assertTrue(m.get("model").asText().startsWith("the open model, and the closed model with [1] threads"),
                m.toString());
        String page = Files.readString(out.resolve("report.html"));
        assertTrue(page.contains(m.at("/storeFacts/model").asText()) && page.contains(m.get("openmarkVersion")
                .asText()), "the page shows the store's model and the version");
    }
}
