package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Clock;
import org.openmark.store.sim.engine.SimOp;
import org.openmark.store.sim.model.Distributions;
import org.openmark.store.sim.model.SimConfig;
import org.openmark.store.sim.server.SimServer;

/**
 * Cluster runs end to end with real processes: a coordinator (this JVM, or a process of its own)
 * and worker JVMs on loopback, all driving one simulated-store server, so its single timeline
 * sees the merged load.
 */
@Tag("integration")
class ClusterEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SimServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServer() throws Exception {
        server = SimServer.start(SimConfig.singleNode(Distributions.parse("sim.latency", "1ms", null), 1),
                InetAddress.getLoopbackAddress(), 0, Clock.system());
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    /**
     * A Pekko configuration for the tests that lose a process on purpose: a silent node is unreachable after 4 s
     * (not 10) and decided on 2 s later (not 7), so a loss costs the test seconds, not twenty. The mechanism is
     * the same; the defaults, which ride out longer stalls, are what docs/cluster.md's bounds are stated for.
     */
    private Path quickLossDetection() throws IOException {
        Path conf = dir.resolve("quick-loss.conf");
        Files.writeString(conf, """
                pekko.cluster.failure-detector.acceptable-heartbeat-pause = 4s
                pekko.cluster.split-brain-resolver.stable-after = 2s
                """);
        return conf;
    }

    /** Every histogram of an interval log, summed per tag. */
    private static Map<String, Histogram> sumPerTag(Path hlog) throws Exception {
        Map<String, Histogram> sums = new TreeMap<>();
        try (FileInputStream in = new FileInputStream(hlog.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                Histogram sum = sums.computeIfAbsent(h.getTag(), t -> {
                    Histogram x = new Histogram(3);
                    x.setAutoResize(true);
                    return x;
                });
                sum.add((Histogram) h);
            }
        }
        return sums;
    }

    private static List<ProcessHandle> workerProcesses() {
        // This JVM starts no other Java process than the local workers.
        return ProcessHandle.current().descendants()
                .filter(p -> p.isAlive() && p.info().command().map(c -> c.endsWith("java")).orElse(false)).toList();
    }

    /** Waits for {@code file} while the command runs; fails at once when the command ended first. */
    private static void awaitFile(Path file, CompletableFuture<CliRunner> run, long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!Files.exists(file) && System.currentTimeMillis() < deadline) {
            stillRunningAfter(run, 100);
        }
        assertTrue(Files.exists(file), "waited for " + file);
    }

    /** Lets the command go on for {@code millis}; fails, with its output, if it ends in that time. */
    private static void stillRunningAfter(CompletableFuture<CliRunner> run, long millis) throws Exception {
        try {
            CliRunner ended = run.get(millis, TimeUnit.MILLISECONDS);
            throw new AssertionError("the command ended early: " + ended);
        } catch (java.util.concurrent.TimeoutException e) {
            // still running, as it should be
        }
    }

    /** Waits until the process's log shows {@code text}, failing at once when the process ended first. */
    private static void awaitLogged(Process p, Path log, String text) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (!Files.readString(log).contains(text) && System.currentTimeMillis() < deadline) {
            assertFalse(p.waitFor(200, TimeUnit.MILLISECONDS), "ended before '" + text + "':\n" + Files.readString(log));
        }
        assertTrue(Files.readString(log).contains(text), Files.readString(log));
    }

    @Test
    void loadThenRunOnThreeWorkers_mergedLogIsTheSumOfTheWorkersAndTheRateSplitAddsUp() throws Exception {
        String port = "sim.port=" + server.port();
        CliRunner load = CliRunner.run("load", "--local-workers", "3", "--store", "sim", "-p", port, "-p",
                "recordcount=3000", "-threads", "3", "--quiet", "--seed", "5");
        load.assertRan();
        assertTrue(load.out.contains("[ACCOUNTING], OK, 3000"), load::toString);
        assertTrue(load.err.contains("each its part of the key range"), load::toString);
        // without --out, nothing of the workers' is left once they ended cleanly
        java.util.regex.Matcher loadDir = java.util.regex.Pattern.compile("their output is in (\\S+)").matcher(load.err);
        assertTrue(loadDir.find(), load::toString);
        assertFalse(Files.exists(Path.of(loadDir.group(1))), load::toString);

        Path out = dir.resolve("run");
        CliRunner r = CliRunner.run("run", "--local-workers", "3", "--store", "sim", "-p", port, "-p",
                "recordcount=3000", "-p", "autoload=false", "--rate", "1500", "--arrival", "constant", "--duration",
                "8s", "--warmup", "2s", "-s", "2", "--seed", "5", "--out", out.toString());
        r.assertRan();
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        assertEquals(0, result.at("/accounting/statuses/NOT_FOUND").asLong(0), "every key was loaded: " + r);
        JsonNode workers = result.get("workers");
        assertEquals(3, workers.size(), r::toString);
        long issued = 0;
        for (JsonNode w : workers) {
            issued += w.get("issued").asLong();
            assertEquals(500, w.get("targetRate").asDouble(), 1e-9);
        }
        assertEquals(result.at("/accounting/issued").asLong(), issued);
        assertEquals(1500, result.at("/schedule/targetRate").asDouble(), 1e-9);
        if (result.get("valid").asBoolean()) {
            // The three interleaved constant streams are one stream of 1500/s, and every worker kept its schedule.
            // (A busy 2-core machine may not let them, and says so; the workers' starts are then known only to a
            // few tens of ms, so the measured window's edges cut their streams unevenly: 1,484/s was seen.)
            assertEquals(1500, result.at("/schedule/scheduledRate").asDouble(), 15, "scheduled within 1 %: " + r);
            assertEquals(1500, result.at("/schedule/achievedRate").asDouble(), 15, "achieved within 1 %: " + r);
        }

        // The merged interval log is, tag by tag and value by value, the sum of the logs each worker
        // process kept of its own intervals (which never crossed the network).
        java.util.regex.Matcher at = java.util.regex.Pattern.compile("their output is in (\\S+)").matcher(r.err);
        assertTrue(at.find(), r::toString);
        Path localWorkers = Path.of(at.group(1));
        // a run that writes its results keeps the workers' own logs, to check the merge against
        assertTrue(r.err.contains("the local workers' logs and own interval logs stay in " + localWorkers), r::toString);
        List<Path> ownLogs;
        try (var files = Files.walk(localWorkers)) {
            ownLogs = files.filter(f -> f.getFileName().toString().equals("latency.hlog")).toList();
        }
        assertEquals(3, ownLogs.size(), () -> "one own log per worker: " + ownLogs);
        Map<String, Histogram> merged = sumPerTag(out.resolve("latency.hlog"));
        Map<String, Histogram> summed = new TreeMap<>();
        for (Path own : ownLogs) {
            sumPerTag(own).forEach((tag, h) -> summed
                    .computeIfAbsent(tag, t -> {
                        Histogram x = new Histogram(3);
                        x.setAutoResize(true);
                        return x;
                    }).add(h));
        }
        assertEquals(summed.keySet(), merged.keySet());
        for (String tag : merged.keySet()) {
            Histogram m = merged.get(tag);
            Histogram s = summed.get(tag);
            assertEquals(s.getTotalCount(), m.getTotalCount(), tag);
            assertEquals(s.getMaxValue(), m.getMaxValue(), tag);
            assertEquals(s.getMean(), m.getMean(), 1e-9, tag);
            for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
                assertEquals(s.getValueAtPercentile(p), m.getValueAtPercentile(p), tag + " p" + p);
            }
        }
        assertTrue(r.err.contains("worker-3"), "a line per worker in the live progress: " + r.err);
    }

    /**
     * The closed model split over two workers, whose clients run on the simulated store's
     * pipelined sessions (one driver thread per worker, no thread per client): the threads split,
     * the paced rate holds, and the server served exactly the operations the merged accounting
     * says were issued.
     */
    @Tag("quiet")
    @Test
    void closedModelOnTwoWorkers_pipelinedClients_theServerSawExactlyWhatWasIssued() throws Exception {
        String port = "sim.port=" + server.port();
        // its own records: the server is the class's, and no other test's load may be counted on (the order of
        // the tests is not this one's to choose; run before the three workers' load, it found 4 % of its keys
        // missing, which made the run invalid)
        CliRunner.run("load", "--store", "sim", "-p", port, "-p", "recordcount=500", "--quiet").assertRan();
        long before = server.groundTruth().operation(SimOp.READ).count()
                + server.groundTruth().operation(SimOp.UPDATE).count();
        Path out = dir.resolve("closed");
        CliRunner r = CliRunner.run("run", "--local-workers", "2", "--model", "closed", "-threads", "8", "-target",
                "2000", "--store", "sim", "-p", port, "-p", "recordcount=500", "-p", "autoload=false", "--duration",
                "5s", "--warmup", "1s", "--seed", "9", "--out", out.toString());
        long served = server.groundTruth().operation(SimOp.READ).count()
                + server.groundTruth().operation(SimOp.UPDATE).count() - before;
        r.assertRan();
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        assertEquals(0, result.at("/accounting/unfinished").asLong(), r::toString);
        assertEquals(result.at("/accounting/issued").asLong(), served, "every issued operation served once: " + r);
        JsonNode workers = result.get("workers");
        assertEquals(2, workers.size(), r::toString);
        assertEquals(result.at("/accounting/issued").asLong(),
                workers.get(0).get("issued").asLong() + workers.get(1).get("issued").asLong());
        // 8 clients paced to 2000/s in all, 1 ms each: they keep the pace (within 2 %).
        assertEquals(2000, result.get("throughput").asDouble(), 40, r::toString);
    }

    /**
     * Section 5.1 of the coordinated-omission paper, scaled, with the load split over three
     * worker processes that drive one simulated store (served by the coordinator, a fresh one per
     * row): the open model still measures what the queueing model predicts for one generator.
     */
    @Tag("quiet")
    @Test
    void experimentOnThreeWorkers_openModelMatchesTheSingleGeneratorQueueingPrediction() throws Exception {
        Path out = dir.resolve("co");
        CliRunner r = CliRunner.run("experiment", "coordinated-omission", "--local-workers", "3", "--ops", "10000",
                "--hiccup-at", "3s", "--hiccup", "1s", "--threads", "3", "--out", out.toString());
        assertTrue(r.exitCode == 0 || r.exitCode == 3, r::toString);
        JsonNode json = JSON.readTree(out.resolve("experiment.json").toFile());
        JsonNode prediction = json.get("predictionOpenUs");
        JsonNode open = json.get("runs").get(0);
        JsonNode openResult = JSON.readTree(out.resolve("open/result.json").toFile());
        long lagP999 = openResult.at("/schedule/sendLagUs/p999").asLong();
        // The prediction holds for any generator whose own delays are small against the hiccup's
        // queue (a second); a machine so busy that the workers ran far behind says so and proves
        // nothing. p99.9, not p99: cold worker JVMs on a busy machine send the first second's
        // requests up to 100 ms late (about 1 % of them), which alone moves the mean by a third.
        org.junit.jupiter.api.Assumptions.assumeTrue(lagP999 < 20_000,
                "the workers' send-lag p99.9 was " + lagP999 + " us: the machine was too busy for this comparison");
        assertEquals("open", open.get("approach").asText());
        double mean = prediction.get("mean").asDouble();
        double p99 = prediction.get("p99").asDouble();
        assertEquals(mean, open.at("/latencyUs/mean").asDouble(), mean * 0.02, r::toString);
        assertEquals(p99, open.at("/latencyUs/p99").asDouble(), p99 * 0.02, r::toString);
        assertEquals(3, openResult.get("workers").size());
        assertEquals(10000, openResult.at("/accounting/issued").asLong());
    }

    // quiet: once, on a machine busy with the other forks and the Cassandra cluster, the 15 s run ended
    // before its third worker's interval log appeared (2026-11-29; alone it passes in 31 s; an early end
    // now fails with the command's output)
    @Tag("quiet")
    @Test
    void aWorkerKilledMidRun_theRunFinishesWithTheOthersAndMarksTheLoss() throws Exception {
        Path out = dir.resolve("kill");
        String conf = quickLossDetection().toString();
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("run", "--local-workers",
                "3", "--store", "sim", "-p", "sim.port=" + server.port(), "-p", "recordcount=100", "-p",
                "autoload=false", "--rate", "600", "--duration", "15s", "-s", "1", "--quiet", "--cluster-config", conf,
                "--out", out.toString()));
        // Its interval log is written under a temporary name in this directory from the first interval on.
        awaitFile(out.resolve("workers/worker-3"), run, 120_000);
        stillRunningAfter(run, 3000);
        List<ProcessHandle> workers = workerProcesses();
        assertEquals(3, workers.size(), "three worker processes");
        workers.get(0).destroyForcibly();
        CliRunner r = run.get(180, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        List<JsonNode> lost = new ArrayList<>();
        result.get("workers").forEach(w -> {
            if (w.get("lost").asBoolean()) {
                lost.add(w);
            }
        });
        assertEquals(1, lost.size(), r::toString);
        assertTrue(lost.get(0).get("lostAfterMs").asLong() >= 2000, lost.get(0).toString());
        assertTrue(!result.get("valid").asBoolean());
        assertTrue(r.out.contains("LOST after"), r::toString);
        assertTrue(result.get("notes").toString().contains("offered 400 ops/s instead of 600 ops/s"), r::toString);
        assertEquals(600, result.at("/schedule/targetRate").asDouble(), 1e-9, "the schedule keeps the plan");
        assertEquals(400, result.at("/schedule/offered/0/ratePerSec").asDouble(), 1e-9, r::toString);
        // Poisson arrivals: what it issued unseen is an estimate, and said to be one.
        assertTrue(result.get("warnings").toString().contains("not known here: about "), r::toString);
        assertTrue(result.get("warnings").toString().contains("an estimate"), r::toString);
        // One account in all three outputs: result.txt and report.html count what was lost with it too.
        long lostWith = result.at("/accounting/lostWithWorker").asLong(0);
        String text = Files.readString(out.resolve("result.txt"));
        assertTrue(text.contains("[ACCOUNTING], AddsUp, true"), text);
        if (lostWith > 0) {
            assertTrue(text.contains("[ACCOUNTING], LostWithWorker, " + lostWith), text);
        }
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("✓ adds up") && !html.contains("does not add up"), "report.html's accounting");
        assertTrue(!html.contains("lost with a worker") == (lostWith == 0), "report.html counts " + lostWith);
        assertTrue(html.contains("Load generators (cluster run)") && html.contains("LOST (last heard"),
                "report.html's table of workers");
        // The others ran the whole 15 s.
        result.get("workers").forEach(w -> {
            if (!w.get("lost").asBoolean()) {
                assertTrue(w.get("issued").asLong() > 600 / 3 * 12, w.toString());
            }
        });
    }

    @Test
    void theCoordinatorKilled_workersStopWithinTheBoundAndKeepTheirPartialResults() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        String conf = quickLossDetection().toString();
        List<String> base = List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-cp", cp,
                Main.class.getName());
        List<String> coordinatorCmd = new ArrayList<>(base);
        coordinatorCmd.addAll(List.of("run", "--cluster", "127.0.0.1:" + port, "--workers", "2", "--store", "sim",
                "-p", "sim.port=" + server.port(), "-p", "recordcount=100", "-p", "autoload=false", "--rate", "400",
                "--duration", "60s", "--grace", "1s", "-s", "1", "--quiet", "--cluster-config", conf));
        Path coordinatorLog = dir.resolve("coordinator.log");
        Process coordinator = new ProcessBuilder(coordinatorCmd).redirectErrorStream(true)
                .redirectOutput(coordinatorLog.toFile()).start();
        List<Process> workers = new ArrayList<>();
        try {
            for (int i = 1; i <= 2; i++) {
                List<String> cmd = new ArrayList<>(base);
                cmd.addAll(List.of("worker", "--join", "127.0.0.1:" + port, "--cluster-config", conf, "--out",
                        dir.resolve("w" + i).toString()));
                workers.add(new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(dir.resolve("w" + i + ".log").toFile()).start());
            }
            awaitLogged(coordinator, coordinatorLog, "the run starts at");
            assertFalse(coordinator.waitFor(4, TimeUnit.SECONDS), Files.readString(coordinatorLog));
            long killed = System.nanoTime();
            coordinator.destroyForcibly().waitFor();
            for (int i = 0; i < 2; i++) {
                Process w = workers.get(i);
                assertTrue(w.waitFor(45, TimeUnit.SECONDS), "worker " + (i + 1) + " ended");
                double seconds = (System.nanoTime() - killed) / 1e9;
                String log = Files.readString(dir.resolve("w" + (i + 1) + ".log"));
                assertEquals(1, w.exitValue(), log);
                // Noticing takes the failure detector and the split-brain resolver (here 4 s of silence, then
                // 2 s stable; by default 10 and 7), then 1 s of grace and the exit.
                assertTrue(seconds < 20, "worker " + (i + 1) + " ended " + seconds + " s after the kill\n" + log);
                assertTrue(log.contains("stopping now"), log);
                JsonNode partial = JSON.readTree(dir.resolve("w" + (i + 1)).resolve("result.json").toFile());
                assertTrue(partial.get("interrupted").asBoolean(), partial.toString());
                assertTrue(partial.at("/accounting/addsUp").asBoolean(), partial.toString());
                assertTrue(partial.at("/accounting/issued").asLong() > 0, partial.toString());
            }
        } finally {
            coordinator.destroyForcibly();
            workers.forEach(Process::destroyForcibly);
        }
    }

    @Test
    void ctrlCOnTheCoordinator_stopsEveryWorkerAndStillWritesTheMergedReport() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path out = dir.resolve("interrupted");
        Path log = dir.resolve("coordinator.log");
        Process coordinator = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--local-workers", "2", "--store",
                "sim", "-p", "sim.port=" + server.port(), "-p", "recordcount=100", "-p", "autoload=false", "--rate",
                "400", "--duration", "60s", "--grace", "1s", "-s", "1", "--quiet", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            awaitLogged(coordinator, log, "the run starts at");
            assertFalse(coordinator.waitFor(4, TimeUnit.SECONDS), Files.readString(log));
            List<ProcessHandle> workers = coordinator.descendants().filter(ProcessHandle::isAlive).toList();
            assertEquals(2, workers.size(), Files.readString(log));
            coordinator.destroy(); // SIGTERM: the same path as Ctrl-C
            assertTrue(coordinator.waitFor(60, TimeUnit.SECONDS), Files.readString(log));
            for (ProcessHandle w : workers) {
                w.onExit().get(30, TimeUnit.SECONDS);
            }
            String text = Files.readString(log);
            assertTrue(text.contains("interrupted"), text);
            JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
            assertTrue(result.get("interrupted").asBoolean(), result.toString());
            assertTrue(result.at("/accounting/addsUp").asBoolean(), result.toString());
            assertEquals(2, result.get("workers").size());
            result.get("workers").forEach(w -> assertTrue(w.get("issued").asLong() > 400, w.toString()));
            // The workers were told to stop and reported: none was cut off by the coordinator's shutdown.
            result.get("workers").forEach(w -> assertFalse(w.get("lost").asBoolean(), w.toString()));
            // (Pekko's own warning of a starved heartbeat on a loaded machine mentions the word too.)
            assertFalse(text.contains(") is unreachable"), text);
        } finally {
            coordinator.descendants().forEach(ProcessHandle::destroyForcibly);
            coordinator.destroyForcibly();
        }
    }

    /**
     * Staleness over two workers, each writing and probing keys of its own: the merged counts are
     * the workers' sums, and P(consistent read) at each offset is what one process measures in
     * virtual time for the same replication delay (real time reads a little later than the
     * nominal offset, so the offsets from 5 ms on, where that is small, are compared).
     */
    @Test
    void stalenessOnTwoWorkers_mergedIsTheWorkersSumAndMatchesOneProcess() throws Exception {
        String[] store = {"--store", "sim", "-p", "sim.secondaries=1", "-p", "sim.readpreference=secondary", "-p",
            "sim.replicationdelay=exp(5ms)", "--rate", "400"};
        Path clustered = dir.resolve("staleness-cluster");
        List<String> args = new ArrayList<>(List.of("staleness", "--local-workers", "2", "--writes", "2000", "--out",
                clustered.toString()));
        args.addAll(List.of(store));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        r.assertRan();
        Path single = dir.resolve("staleness-single");
        args = new ArrayList<>(List.of("staleness", "--time", "virtual", "--writes", "4000", "--out", single.toString()));
        args.addAll(List.of(store));
        CliRunner one = CliRunner.run(args.toArray(String[]::new));
        one.assertRan();

        JsonNode json = JSON.readTree(clustered.resolve("staleness.json").toFile());
        JsonNode merged = json.get("staleness");
        JsonNode workers = json.get("workers");
        assertEquals(2, workers.size(), json::toString);
        long writes = 0;
        long reads = 0;
        long stale = 0;
        for (JsonNode w : workers) {
            assertFalse(w.get("lost").asBoolean(), json::toString);
            assertEquals(1000, w.get("writes").asLong(), json::toString);
            writes += w.get("writes").asLong();
            reads += w.get("reads").asLong();
            stale += w.get("staleReads").asLong();
        }
        assertEquals(writes, merged.get("writes").asLong());
        assertEquals(reads, merged.get("reads").asLong());
        assertEquals(stale, merged.get("staleReads").asLong());
        assertEquals(2000 * 11, reads, "every write probed at the 11 default offsets");
        JsonNode reference = JSON.readTree(single.resolve("staleness.json").toFile()).at("/staleness/pConsistentAt");
        double lateP99Ms = merged.at("/probeLateMs/p99").asDouble();
        for (String t : new String[] {"5", "10", "20", "50"}) {
            double expected = reference.get(t).asDouble();
            double measured = merged.at("/pConsistentAt/" + t).asDouble();
            // A late probe reads later than its offset, so it can only see more: never fewer.
            assertTrue(measured >= expected - 0.05, "at " + t + " ms: " + json);
            if (lateP99Ms * 10 <= Double.parseDouble(t)) {
                assertEquals(expected, measured, 0.05, "at " + t + " ms: " + json);
            } else if (lateP99Ms > 1) {
                // The probes' own lateness is not small against the offset (a busy machine): the result says so.
                assertTrue(json.get("warnings").toString().contains(t + " ms"), json::toString);
            }
        }
        assertTrue(r.out.contains("[STALENESS], Worker, worker-2"), r::toString);
    }

    @Test
    void staleness_badInputForACluster_refusedBeforeAnyWorkerStarts() {
        CliRunner virtual = CliRunner.run("staleness", "--store", "sim", "--local-workers", "2", "--time", "virtual");
        assertEquals(2, virtual.exitCode, virtual::toString);
        assertTrue(virtual.err.contains("--time"), virtual::toString);

        CliRunner keys = CliRunner.run("staleness", "--store", "sim", "--local-workers", "3", "--keys", "2");
        assertEquals(2, keys.exitCode, keys::toString);
        assertTrue(keys.err.contains("--keys=2"), keys::toString);
        assertTrue(workerProcesses().isEmpty(), "no worker was started");
    }

    @Test
    void badInput_isRefusedBeforeAnyWorkerIsContacted() {
        CliRunner zero = CliRunner.run("run", "--cluster", "127.0.0.1:0", "--workers", "0", "--duration", "1s");
        assertEquals(2, zero.exitCode, zero::toString);
        assertTrue(zero.err.contains("--workers=0"), zero::toString);

        CliRunner open = CliRunner.run("run", "--cluster", "0.0.0.0:0", "--workers", "1", "--duration", "1s");
        assertEquals(2, open.exitCode, open::toString);
        assertTrue(open.err.contains("--cluster-secret-file"), open::toString);

        CliRunner threads = CliRunner.run("run", "--local-workers", "3", "--model", "closed", "-threads", "2", "-p",
                "operationcount=10");
        assertEquals(2, threads.exitCode, threads::toString);
        assertTrue(threads.err.contains("threadcount=2"), threads::toString);
        assertTrue(workerProcesses().isEmpty(), "no worker was started");

        CliRunner badProperty = CliRunner.run("run", "--local-workers", "2", "-p", "requestdistribution=zipfan");
        assertEquals(2, badProperty.exitCode, badProperty::toString);

        // A store property only the workers' stores would read: the coordinator checks it too.
        CliRunner badStore = CliRunner.run("run", "--local-workers", "2", "--store", "sim", "-p", "sim.latency=bogus",
                "--duration", "1s");
        assertEquals(2, badStore.exitCode, badStore::toString);
        assertTrue(badStore.err.contains("sim.latency"), badStore::toString);
        CliRunner badStaleness = CliRunner.run("staleness", "--store", "sim", "--local-workers", "2", "-p",
                "sim.replicationdelay=bogus");
        assertEquals(2, badStaleness.exitCode, badStaleness::toString);
        assertTrue(badStaleness.err.contains("sim.replicationdelay"), badStaleness::toString);
        assertTrue(workerProcesses().isEmpty(), "no worker was started");

        CliRunner orphan = CliRunner.run("run", "--workers", "2", "--duration", "1s");
        assertEquals(2, orphan.exitCode, orphan::toString);
        assertTrue(orphan.err.contains("needs --cluster"), orphan::toString);
    }

    @Test
    void worker_noCoordinatorAtTheAddress_givesUpWithAClearMessage() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRunner r = CliRunner.run("worker", "--join", "127.0.0.1:" + port, "--join-timeout", "3s");
        assertEquals(1, r.exitCode, r::toString);
        assertTrue(r.err.contains("could not join the coordinator at 127.0.0.1:" + port), r::toString);
    }
}
