package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.rating.RatingReportText;

/** Ratings of real stores through the CLI. */
class RateStoreTest {
    @TempDir
    Path dir;

    /**
     * The simulated store completes at most λmax = 2000 requests/s with 1 ms latency. With constant
     * arrivals, queueing theory says: below λmax nothing queues (1 ms); above it the backlog grows
     * by (λ − λmax) per second, so a p99 bound of 50 ms fails within seconds and the throughput
     * never exceeds λmax. The rating (the best passing throughput) must therefore be λmax.
     */
    @Test
    void rate_simulatedStoreOpenModel_ratingIsLambdaMax() throws Exception {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.maxthroughput=2000",
                "-p", "sim.latency=1ms", "-p", "arrival=constant", "--model", "open", "--sla", "p99<=50ms",
                "--duration", "5s", "--warmup", "1s", "--time", "virtual", "--out", dir.toString());
        assertEquals(0, r.exitCode, r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("rating.json").toFile());
        double rating = json.at("/rating/value").asDouble();
        assertEquals(2000, rating, 20, r::toString);
        assertTrue(json.at("/rating/uniqueExperiments").asInt() < 40, r::toString);
        assertTrue(r.out.startsWith("Rating: "), r::toString);
    }

    /**
     * The store stalls for 1.5 s in the first experiment (a hiccup 0.5 s after it opened): the
     * store's own verdict fails there, which is a result about the store (the SLA is not met at
     * that load), not an invalid experiment blamed on the generator and repeated.
     */
    @Test
    void rate_storeStallsInAnExperiment_theSlaFailsThereAndNobodyBlamesTheGenerator() throws Exception {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.latency=1ms", "-p",
                "sim.hiccups=1000ms:1500ms", "-p", "arrival=constant", "--model", "open", "--start", "100",
                "--max-load", "200", "--duration", "3s", "--warmup", "500ms", "--time", "virtual", "--out",
                dir.toString());
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.err.contains("rate: the store failed its verdict at load 100 (the store stalled for"), r::toString);
        assertFalse(r.err.contains("the load generator") || r.out.contains("the load generator"), r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("rating.json").toFile());
        JsonNode first = json.at("/rating/experiments/0");
        assertTrue(first.get("valid").asBoolean(), json::toString);
        assertFalse(first.get("slaMet").asBoolean(), json::toString);
        assertEquals(0, json.at("/rating/repeatedExperiments").asInt(), json::toString);
    }

    /**
     * One in-flight slot and dropping under overload: at 800 ops/s (constant, 1.25 ms apart) a 1 ms
     * operation always has its slot back in time; at 1600 ops/s (0.625 ms apart) every other
     * arrival is dropped, which makes the experiment invalid, and its repeat too. The rating ends
     * there with an answer: at least 800 ops/s, exit code 3, no stack trace, rating.json written.
     */
    @Test
    void rate_experimentInvalidTwice_exitThreeNoStackTraceAndRatingJsonHasTheLowerBound() throws Exception {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-p", "sim.latency=1ms", "-p", "maxinflight=1", "-p",
                "onoverload=drop", "-p", "arrival=constant", "--model", "open", "--start", "100", "--time", "virtual",
                "--duration", "2s", "--warmup", "1s", "--out", dir.toString());
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(!r.err.contains("Exception") && !r.err.contains("\tat "), r::toString);
        assertTrue(r.out.startsWith("Rating: >= 800 ops/s at load 800 ops/s (a lower bound: the search stopped at load"
                + " 1600 ops/s)"), r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("rating.json").toFile());
        assertEquals(800, json.at("/rating/load").asLong());
        assertTrue(json.at("/rating/lowerBound").asBoolean());
        assertEquals(1600, json.at("/stop/load").asLong());
        assertTrue(json.at("/stop/reason").asText().contains("dropped"), json.toString());
        assertEquals(1, json.at("/rating/repeatedExperiments").asInt());
        assertTrue(Files.exists(dir.resolve("rating.txt")));
        // The invalid runs' latency as measured: every operation issued took the store's 1 ms.
        for (JsonNode e : json.at("/rating/experiments")) {
            if (e.get("load").asLong() == 1600) {
                assertFalse(e.get("valid").asBoolean(), e::toString);
                assertFalse(e.get("slaMet").asBoolean(), e::toString);
                assertEquals(1000, e.get("slaLatencyUs").asDouble(), 10, e::toString);
            }
        }
        assertTrue(r.out.lines().anyMatch(l -> l.matches(
                "\\s+\\d+\\s+climb\\s+1600\\s+\\S+\\s+1(\\.\\d+)?ms\\s+fail\\s+NO.*")), r::toString);
        assertTrue(r.out.contains(RatingReportText.INVALID_MEANS + " Why:\n"), r::toString);
    }

    /** The line that reports the initial load and the time line's ζ are one figure. */
    @Test
    void rate_loadsTheStore_logAndTimeLineSayTheSameInitialLoad() {
        CliRunner r = CliRunner.run("rate", "--store", "memory", "-P", "workloadc", "--duration", "300ms", "--warmup",
                "100ms", "--max-load", "2");
        assertEquals(0, r.exitCode, r::toString);
        java.util.regex.Matcher logged = java.util.regex.Pattern.compile(
                "rate: loaded 1000 records in (\\S+) \\(the initial load ζ\\)\n").matcher(r.err);
        assertTrue(logged.find(), r::toString);
        assertTrue(r.out.contains("initial load ζ " + logged.group(1) + " + "), r::toString);
    }

    /** Without --seed a rating chooses one, as run does, prints it and records it for a replay. */
    @Test
    void rate_withoutSeed_choosesOnePrintsItAndRecordsIt() throws Exception {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.maxthroughput=2000",
                "-p", "arrival=constant", "--model", "open", "--sla", "p99<=50ms", "--duration", "1s", "--warmup",
                "500ms", "--time", "virtual", "--max-load", "1000", "--out", dir.toString());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("rate: seed (\\d+) \\(chosen; replay with --seed \\1\\)")
                .matcher(r.err);
        assertTrue(m.find(), r::toString);
        JsonNode json = new ObjectMapper().readTree(dir.resolve("rating.json").toFile());
        assertEquals(Long.parseLong(m.group(1)), json.get("seed").asLong(), r::toString);
    }

    @Test
    void rate_insertingWorkloadWithReloadNone_isRefusedWithTheReason() {
        CliRunner r = CliRunner.run("rate", "--store", "memory", "-P", "workloadd", "--reload", "none",
                "--duration", "1s");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--reload"), r::toString);
    }

    @Test
    void rate_memoryStoreWithRepair_restoresAndRates() throws Exception {
        CliRunner r = CliRunner.run("rate", "--store", "memory", "-P", "workloada", "--reload", "repair",
                "--duration", "300ms", "--warmup", "100ms", "--max-load", "4", "--out", dir.toString());
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.startsWith("Rating: "), r::toString);
    }

    @Test
    void rate_insertingWorkloadWithFullReload_deletesAndReloadsBetweenExperiments() {
        CliRunner r = CliRunner.run("rate", "--store", "memory", "-P", "workloadd", "--reload", "full",
                "--duration", "300ms", "--warmup", "100ms", "--max-load", "2");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("reloads"), r::toString);
    }

    @Test
    void rate_deltaAuto_choosesTheExperimentLengthFirst() {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.maxthroughput=2000",
                "-p", "arrival=constant", "--model", "open", "--sla", "p99<=50ms", "--delta", "auto",
                "--delta-start", "1s", "--delta-load", "1000", "--warmup", "500ms", "--time", "virtual",
                "--max-load", "4000");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.err.contains("delta analyzer chose "), r::toString);
        assertTrue(r.out.startsWith("Rating: "), r::toString);
    }

    @Test
    void rate_simulatedStoreWithImageReload_restoresBetweenExperiments() {
        CliRunner r = CliRunner.run("rate", "--store", "sim", "-P", "workloada", "-p", "sim.maxthroughput=2000",
                "-p", "arrival=constant", "--model", "open", "--reload", "image", "--sla", "p99<=50ms",
                "--duration", "2s", "--warmup", "500ms", "--time", "virtual", "--max-load", "3000");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.startsWith("Rating: "), r::toString);
    }
}
