package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.measure.Percentiles;

/**
 * Virtual time is exact: the same command, seed and configuration give byte-identical files,
 * and the closed model's figures equal the counter model's, computed by hand
 * ({@link ClosedCounterModel}). Before the virtual clock let its threads take turns, the
 * 16-thread row of {@code experiment coordinated-omission --quick} was wrong in about one run
 * in three, differently each time.
 */
class VirtualTimeDeterminismTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The quick experiment: 1000 ops/s, 20,000 operations, λmax 1250 ops/s, a 1 s hiccup at 6 s. */
    private static final long QUICK_OPS = 20_000;
    private static final double QUICK_RATE = 1000;
    private static final double QUICK_LAMBDA_MAX = 1250;
    private static final long QUICK_HICCUP_AT_NANOS = 6_000_000_000L;
    private static final long QUICK_HICCUP_NANOS = 1_000_000_000L;

    @TempDir
    Path dir;

    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> all = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                all.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return all;
    }

    private static void assertSameFiles(Map<String, byte[]> expected, Map<String, byte[]> actual, String what) {
        assertEquals(expected.keySet(), actual.keySet(), what + ": the same files");
        for (String name : expected.keySet()) {
            assertEquals(new String(expected.get(name)), new String(actual.get(name)), what + ": " + name);
        }
    }

    private static void assertRowMatchesModel(JsonNode row, Histogram expected, String what) {
        Map<String, Number> model = Percentiles.summary(expected);
        for (String k : List.of("mean", "p50", "p90", "p99", "p999", "max")) {
            assertEquals(model.get(k).doubleValue(), row.at("/latencyUs/" + k).asDouble(), 1e-9, what + " " + k);
        }
    }

    /** The rows of experiment.json by approach and thread count, e.g. {@code closed-16}. */
    private static Map<String, JsonNode> rows(Path out) throws IOException {
        Map<String, JsonNode> rows = new TreeMap<>();
        for (JsonNode run : JSON.readTree(out.resolve("experiment.json").toFile()).get("runs")) {
            rows.put(run.get("approach").asText() + "-" + run.get("threads").asInt(), run);
        }
        return rows;
    }

    private CliRunner experiment(Path out, String threads) {
        CliRunner r = CliRunner.run("experiment", "coordinated-omission", "--quick", "--threads", threads,
                "--out", out.toString());
        assertEquals(0, r.exitCode, r::toString);
        return r;
    }

    /**
     * Runs the experiment twice at once (two runs side by side contend for the CPU, so the
     * operating system schedules their threads differently each time: virtual time must not care).
     */
    private void experimentsSideBySide(Path a, Path b, String threads) {
        CompletableFuture<CliRunner> first = CompletableFuture.supplyAsync(() -> experiment(a, threads));
        experiment(b, threads);
        first.join();
    }

    private static Map<String, byte[]> firstSixteenThreadRun;

    /** Twenty runs in all, two at a time. */
    @RepeatedTest(10)
    void experimentQuick_sixteenThreads_sameFilesEveryTimeAndTheCounterModelsFigures() throws Exception {
        experimentsSideBySide(dir.resolve("co-a"), dir.resolve("co-b"), "16");
        ClosedCounterModel model = ClosedCounterModel.simulate(16, QUICK_OPS, QUICK_RATE, QUICK_LAMBDA_MAX,
                QUICK_HICCUP_AT_NANOS, QUICK_HICCUP_NANOS);
        for (Path out : List.of(dir.resolve("co-a"), dir.resolve("co-b"))) {
            Map<String, JsonNode> rows = rows(out);
            assertRowMatchesModel(rows.get("closed-16"), model.service, "raw (service time)");
            assertRowMatchesModel(rows.get("closed-intended-16"), model.response, "intended (response time)");
            // The figures the issue reports as right: raw mean 3.97 ms, intended mean 125.03 ms.
            assertEquals(3.97, rows.get("closed-16").at("/latencyUs/mean").asDouble() / 1000, 0.005);
            assertEquals(125.03, rows.get("closed-intended-16").at("/latencyUs/mean").asDouble() / 1000, 0.005);
            Map<String, byte[]> files = files(out);
            synchronized (VirtualTimeDeterminismTest.class) {
                if (firstSixteenThreadRun == null) {
                    firstSixteenThreadRun = files;
                }
            }
            assertSameFiles(firstSixteenThreadRun, files, "16 threads");
        }
    }

    /**
     * An open-model run in virtual time measures no machine floor (there is no machine to be late)
     * and records why, so the same run twice gives the same files, its verdict lines included.
     */
    @Test
    void openRunInVirtualTime_noMachineFloor_sameFilesTwice() throws Exception {
        Map<String, byte[]> first = null;
        for (String name : List.of("open-a", "open-b")) {
            Path out = dir.resolve(name);
            CliRunner r = CliRunner.run("run", "--store", "sim", "-p", "sim.latency=exp(2ms)", "-P", "workloada",
                    "--rate", "800", "--duration", "6s", "--time", "virtual", "--seed", "7", "--out", out.toString());
            assertEquals(0, r.exitCode, r::toString);
            JsonNode floor = JSON.readTree(out.resolve("result.json").toFile()).at("/schedule/machineFloor");
            assertEquals("{\"measured\":false,\"why\":\"virtual time\"}", floor.toString());
            assertTrue(!Files.readString(out.resolve("result.txt")).contains("MachineFloor"), "no floor line");
            Map<String, byte[]> files = files(out);
            if (first == null) {
                first = files;
            } else {
                assertSameFiles(first, files, "open model, virtual time");
            }
        }
    }

    @Test
    @Tag("heavy")
    void experimentQuick_threadCountsAroundSixteen_everyRowIsTheCounterModels() throws Exception {
        List<Integer> counts = List.of(1, 2, 4, 8, 15, 16, 17, 32, 64, 128, 256);
        Path out = dir.resolve("co");
        experiment(out, String.join(",", counts.stream().map(String::valueOf).toList()));
        Map<String, JsonNode> rows = rows(out);
        for (int t : counts) {
            ClosedCounterModel model = ClosedCounterModel.simulate(t, QUICK_OPS, QUICK_RATE, QUICK_LAMBDA_MAX,
                    QUICK_HICCUP_AT_NANOS, QUICK_HICCUP_NANOS);
            assertEquals(QUICK_OPS, model.response.getTotalCount());
            assertRowMatchesModel(rows.get("closed-" + t), model.service, t + " threads, raw");
            assertRowMatchesModel(rows.get("closed-intended-" + t), model.response, t + " threads, intended");
        }
    }

    @Test
    @Tag("heavy")
    void experimentQuick_sameCommandTwiceWithManyThreadCounts_identicalFiles() throws Exception {
        experimentsSideBySide(dir.resolve("a"), dir.resolve("b"), "2,8,12,16,20,32,100,256");
        assertSameFiles(files(dir.resolve("a")), files(dir.resolve("b")), "experiment");
    }

    @Test
    void staleness_virtualTimeThreeTimes_identicalFilesWithTheSeed() throws Exception {
        List<Map<String, byte[]>> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Path out = dir.resolve("s" + i);
            CliRunner r = CliRunner.run("staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                    "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "--time", "virtual",
                    "--writes", "1000", "--seed", "7", "--out", out.toString());
            assertEquals(0, r.exitCode, r::toString);
            runs.add(files(out));
        }
        assertSameFiles(runs.get(0), runs.get(1), "staleness");
        assertSameFiles(runs.get(0), runs.get(2), "staleness");
        JsonNode json = JSON.readTree(dir.resolve("s0/staleness.json").toFile());
        assertEquals(7, json.get("seed").asLong());
        assertEquals("7", json.at("/storeFacts/seed").asText());
    }

    @Test
    void staleness_anotherSeed_otherDraws() throws Exception {
        CliRunner a = CliRunner.run("staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "--time", "virtual",
                "--writes", "500", "--seed", "1");
        CliRunner b = CliRunner.run("staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "--time", "virtual",
                "--writes", "500", "--seed", "2");
        assertEquals(0, a.exitCode, a::toString);
        assertTrue(!a.out.equals(b.out), "a different seed draws other replication delays");
    }

    @Test
    @Tag("heavy")
    void rate_virtualTimeTwice_identicalRatingJson() throws Exception {
        List<Map<String, byte[]>> runs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path out = dir.resolve("r" + i);
            CliRunner r = CliRunner.run("rate", "--store", "sim", "-p", "sim.latency=exp(1ms)", "-p",
                    "sim.maxthroughput=5000", "--model", "closed", "--start", "1", "--time", "virtual", "--duration",
                    "2s", "--warmup", "1s", "--sla", "p95<=5ms", "--seed", "3", "--out", out.toString());
            assertEquals(0, r.exitCode, r::toString);
            runs.add(files(out));
        }
        assertSameFiles(runs.get(0), runs.get(1), "rate");
        assertEquals(3, JSON.readTree(dir.resolve("r0/rating.json").toFile()).get("seed").asLong());
    }
}
