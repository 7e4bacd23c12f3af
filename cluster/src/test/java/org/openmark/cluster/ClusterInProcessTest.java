package org.openmark.cluster;

import org.junit.jupiter.api.Tag;
import org.openmark.cluster.coordinator.OnWorkerLoss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.cluster.worker.WorkerNode;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;
import org.openmark.run.RunResult;
import org.openmark.run.WorkerReport;
import org.openmark.timing.StopSignal;

/**
 * A coordinator and its workers as several actor systems in this JVM, on loopback ports: real
 * Pekko Cluster membership, real Artery TCP, real CBOR messages, only the processes are shared.
 * Only what needs real nodes is here: runs merged from workers over the network, and the address a
 * coordinator advertises. Who is admitted or refused, and what either side does when the other
 * fails, is tested message by message ({@code CoordinatorProtocolTest}, {@code WorkerProtocolTest}).
 */
@Tag("integration")
class ClusterInProcessTest {
    private static final byte[] SECRET = "a-secret-of-enough-length".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    private static RunConfig config(Path out, String... pairs) {
        Map<String, String> m = new HashMap<>();
        m.put("store", "memory");
        m.put("workload", "core");
        m.put("recordcount", "200");
        m.put("seed", "7");
        m.put("status.interval", "1");
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunConfigParser.parse(Phase.RUN, Settings.of(m), out, true);
    }

    private static ClusterSession.Options options(int workers, byte[] secret, Duration joinTimeout) {
        return new ClusterSession.Options(new HostPort("127.0.0.1", 0), workers, secret, OnWorkerLoss.CONTINUE,
                joinTimeout, null, Duration.ofMillis(50), 0, null);
    }

    /** A worker on a thread of its own (the common pool may have a single thread, which one worker fills). */
    private CompletableFuture<Integer> worker(String address, byte[] secret) {
        return async(() -> WorkerNode.run(new WorkerNode.Options(HostPort.parse("--join", address),
                new HostPort("127.0.0.1", 0), secret, Duration.ofSeconds(20), null, dir.resolve("partial"), null), err));
    }

    private static <T> CompletableFuture<T> async(Callable<T> c) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).start(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }

    @FunctionalInterface
    private interface Callable<T> {
        T call() throws Exception;
    }

    /** Runs {@code cfg} on two workers that join with the secret; both must end with exit code 0. */
    private RunResult onTwoWorkers(RunConfig cfg) throws Exception {
        ClusterRun run = new ClusterRun(options(2, SECRET, Duration.ofSeconds(30)), new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        CompletableFuture<Integer> w1 = worker(address, SECRET);
        CompletableFuture<Integer> w2 = worker(address, SECRET);
        RunResult r = result.get(120, TimeUnit.SECONDS);
        assertEquals(0, (int) w1.get(60, TimeUnit.SECONDS), errBytes::toString);
        assertEquals(0, (int) w2.get(60, TimeUnit.SECONDS), errBytes::toString);
        return r;
    }

    @Test
    void twoWorkers_openModelConstantRate_mergedResultAddsUpAndSplitsTheRate() throws Exception {
        Path out = dir.resolve("out");
        // the user's own strings (a YCSB-style secret, a count written with a separator) are what the result records
        RunConfig cfg = config(out, "model", "open", "rate", "2000", "arrival", "constant", "operationcount", "4_000",
                "db.passwd", "hunter2");
        RunResult r = onTwoWorkers(cfg);

        Map<String, String> given = new java.util.TreeMap<>(Map.of("store", "memory", "workload", "core",
                "recordcount", "200", "seed", "7", "status.interval", "1", "model", "open", "rate", "2000",
                "arrival", "constant", "operationcount", "4_000"));
        given.put("db.passwd", org.openmark.api.Secrets.shown("db.passwd", "hunter2"));
        assertTrue(!given.get("db.passwd").contains("hunter2"), given::toString);
        assertEquals(given, r.config(), "the merged result's config: the user's strings, the secret masked");
        assertEquals(given, org.openmark.report.JsonReport.toMap(r).get("config"), "result.json's config block");
        for (int i = 1; i <= 2; i++) {
            var own = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(out.resolve("workers/worker-" + i + "/result.json").toFile()).get("config");
            assertEquals(given.get("db.passwd"), own.get("db.passwd").asText(), "a worker's own result masks it too");
            assertEquals("4_000", own.get("operationcount").asText());
            assertEquals(i + "/2", own.get("share").asText(), "a worker's own result says which share it ran");
        }

        assertEquals(4000, r.accounting().issued(), () -> r.accounting() + "\n" + errBytes);
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
        assertEquals(4000, r.accounting().completed() + r.accounting().warmUp());
        assertEquals(2000, r.schedule().targetRate(), 1e-9);
        assertEquals(2, r.workers().size());
        long issued = 0;
        for (WorkerReport w : r.workers()) {
            assertEquals(1000, w.targetRate(), 1e-9, w.toString());
            assertEquals(2000, w.issued(), w.toString());
            assertTrue(!w.lost());
            issued += w.issued();
        }
        assertEquals(r.accounting().issued(), issued);
        // The merged report, its [WORKER] lines too, reads as YCSB's output, and says which model ran and why.
        String text = org.openmark.report.YcsbTextReport.render(r);
        org.openmark.report.YcsbOutputParser.parse(text);
        assertTrue(text.contains("# [WORKER], worker-1, ") && text.startsWith("# openmark: the open model, open("),
                text);
        assertTrue(text.lines().findFirst().orElseThrow().contains("chosen with --model"), text);
        // The merged histograms are the sum of the workers' (as the coordinator received them).
        for (String op : List.of("READ", "UPDATE")) {
            Histogram sum = org.openmark.measure.Measurements.newHistogram();
            for (int i = 1; i <= 2; i++) {
                var json = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(out.resolve("workers/worker-" + i + "/result.json").toFile());
                sum.add(org.openmark.measure.HistogramCodec.decode(
                        json.at("/operations/" + op + "/histograms/response/OK").asText()));
            }
            Histogram merged = r.operations().stream().filter(o -> o.name().equals(op)).findFirst().orElseThrow()
                    .okResponse();
            assertEquals(sum.getTotalCount(), merged.getTotalCount(), op);
            assertEquals(sum.getMean(), merged.getMean(), 1e-9, op);
            assertEquals(sum.getValueAtPercentile(99), merged.getValueAtPercentile(99), op);
        }
        assertTrue(Files.exists(out.resolve("workers/worker-1/latency.hlog")));
        assertTrue(Files.exists(out.resolve("latency.hlog")));
    }

    @Test
    void twoWorkers_dataIntegrity_mergedResultChecksEveryReadUnderVerify() throws Exception {
        RunConfig cfg = config(null, "model", "closed", "threadcount", "2", "operationcount", "600",
                "readproportion", "0.8", "updateproportion", "0", "readmodifywriteproportion", "0.2",
                "dataintegrity", "true");
        RunResult r = onTwoWorkers(cfg);

        assertTrue(r.valid(), () -> r.warnings() + "\n" + errBytes);
        long reads = r.operations().stream().filter(o -> o.name().equals("READ")).findFirst().orElseThrow().count();
        var verify = r.operations().stream().filter(org.openmark.run.OpResult::dataCheck).findFirst()
                .orElseThrow(() -> new AssertionError("no VERIFY in " + r.operations()));
        // every READ, the read-modify-writes' inner ones included, was answered OK and checked once
        assertEquals(Map.of(org.openmark.api.Status.OK, reads), verify.statuses());
        assertEquals(600, r.accounting().completed(), "the checks are no operations");
        assertTrue(org.openmark.report.YcsbTextReport.render(r).contains("[VERIFY], Return=OK, " + reads), errBytes::toString);
    }

    @Test
    void session_twoRunsAndAStalenessMeasurementOverTheSameWorkers_eachMergedOnItsOwn() throws Exception {
        ClusterSession session = new ClusterSession(options(2, null, Duration.ofSeconds(30)), new StopSignal(), err);
        CompletableFuture<Void> started = async(() -> {
            session.start();
            return null;
        });
        String address = session.address().get(30, TimeUnit.SECONDS);
        CompletableFuture<Integer> w1 = worker(address, null);
        CompletableFuture<Integer> w2 = worker(address, null);
        started.get(60, TimeUnit.SECONDS);
        RunResult open;
        RunResult closed;
        ClusterSession.StalenessOutcome staleness;
        try (session) {
            open = session.run(config(null, "model", "open", "rate", "1000", "arrival", "constant", "operationcount",
                    "600"));
            closed = session.run(config(null, "model", "closed", "threadcount", "4", "operationcount", "800"));
            // each worker is sent its part of the writes, the rate and the keys, typed
            staleness = session.staleness(new StalenessPlan("memory", Map.of(), new org.openmark.consistency
                    .StalenessConfig(400, 101, 10, List.of(0.0, 2.0), "stale"), 5L));
        }
        assertEquals(List.of(), staleness.warnings(), errBytes::toString);
        assertEquals(101, staleness.merged().writes(), "the workers' parts of the writes add up");
        assertEquals(List.of(51L, 50L), staleness.workers().stream().map(w -> w.staleness().writes()).toList());
        assertEquals(600, open.accounting().issued(), errBytes::toString);
        assertTrue(open.accounting().addsUp());
        assertEquals(800, closed.accounting().issued(), errBytes::toString);
        assertTrue(closed.accounting().addsUp());
        assertTrue(closed.schedule() == null, "the closed model has no schedule");
        assertEquals(2, closed.workers().size());
        assertEquals(0, (int) w1.get(60, TimeUnit.SECONDS), errBytes::toString);
        assertEquals(0, (int) w2.get(60, TimeUnit.SECONDS), errBytes::toString);
    }

    @Test
    void whatTheWorkersFound_andWhatTheConfigurationIsNotedFor_areInTheMergedResultOnce() throws Exception {
        // Nothing loaded, reads only: each worker notes that its operations found no record.
        RunConfig cfg = config(null, "model", "closed", "threadcount", "2", "operationcount", "400",
                "readproportion", "1", "updateproportion", "0", "autoload", "false", "measurementtype", "histogram");
        RunResult r = onTwoWorkers(cfg);

        assertTrue(r.valid(), () -> r.warnings().toString());
        List<String> notFound = r.notes().stream().filter(n -> n.contains("found no record")).toList();
        assertEquals(1, notFound.size(), r.notes()::toString);
        String line = notFound.get(0);
        for (WorkerReport w : r.workers()) {
            assertTrue(line.contains(w.name() + " (" + w.address() + ")"), line);
        }
        assertTrue(line.endsWith(": 100% of operations found no record (NOT_FOUND): is the store loaded (bin/openmark"
                + " load, or -p autoload=true on an empty store)?"), line);
        // and what the configuration alone is worth a note for, once, from the coordinator
        assertEquals(1, r.notes().stream().filter(n -> n.startsWith("YCSB's measurementtype=histogram is not used"))
                .count(), r.notes()::toString);
    }

    @Test
    void wildcardAddress_advertisesAnAddressWorkersCanJoin() throws Exception {
        RunConfig cfg = config(null, "model", "open", "rate", "500", "arrival", "constant", "operationcount", "200");
        ClusterSession.Options wildcard = new ClusterSession.Options(new HostPort("0.0.0.0", 0), 1, SECRET,
                OnWorkerLoss.CONTINUE, Duration.ofSeconds(30), null, Duration.ofMillis(50), 0, null);
        ClusterRun run = new ClusterRun(wildcard, new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        assertFalse(address.startsWith("0.0.0.0"), address);
        assertEquals(0, (int) worker(address, SECRET).get(60, TimeUnit.SECONDS), errBytes::toString);
        RunResult r = result.get(60, TimeUnit.SECONDS);
        assertEquals(200, r.accounting().issued(), errBytes::toString);
        assertTrue(errBytes.toString().contains("--join " + address), errBytes::toString);
    }

    @Test
    void options_zeroWorkersOrAnOpenAddressWithoutSecret_areBadInput() {
        org.openmark.config.ConfigException zero = assertThrows(org.openmark.config.ConfigException.class,
                () -> options(0, null, Duration.ofSeconds(1)));
        assertTrue(zero.getMessage().contains("--workers=0"), zero.getMessage());
        org.openmark.config.ConfigException open = assertThrows(org.openmark.config.ConfigException.class,
                () -> new ClusterSession.Options(new HostPort("0.0.0.0", 25520), 2, null, OnWorkerLoss.CONTINUE,
                        Duration.ofSeconds(1), null, Duration.ofMillis(5), 0, null));
        assertTrue(open.getMessage().contains("--cluster-secret-file"), open.getMessage());
    }
}
