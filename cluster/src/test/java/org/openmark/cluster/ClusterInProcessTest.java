package org.openmark.cluster;

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
import java.util.concurrent.ExecutionException;
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
 */
class ClusterInProcessTest {
    private static final byte[] SECRET = "a-secret-of-enough-length".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_SECRET = "another-secret-of-enough-length".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    /** What the coordinator printed, which a test can wait on for a line to appear. */
    private static final class LoggedText extends ByteArrayOutputStream {
        @Override
        public synchronized void write(int b) {
            super.write(b);
            notifyAll();
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, len);
            notifyAll();
        }

        /** True once {@code text} was printed, false when {@code limit} passed first. */
        synchronized boolean await(String text, Duration limit) throws InterruptedException {
            long deadline = System.nanoTime() + limit.toNanos();
            while (!toString(StandardCharsets.UTF_8).contains(text) && System.nanoTime() < deadline) {
                wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
            return toString(StandardCharsets.UTF_8).contains(text);
        }
    }

    private final LoggedText errBytes = new LoggedText();
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
        RunConfig cfg = config(out, "model", "open", "rate", "2000", "arrival", "constant", "operationcount", "4000");
        RunResult r = onTwoWorkers(cfg);

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
    void session_twoRunsOverTheSameWorkers_eachMergedOnItsOwn() throws Exception {
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
        try (session) {
            open = session.run(config(null, "model", "open", "rate", "1000", "arrival", "constant", "operationcount",
                    "600"));
            closed = session.run(config(null, "model", "closed", "threadcount", "4", "operationcount", "800"));
        }
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
                "readproportion", "1", "updateproportion", "0", "autoload", "false", "measurementtype", "timeseries");
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
        assertEquals(1, r.notes().stream().filter(n -> n.startsWith("YCSB's measurementtype=timeseries is not used"))
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
    void wrongSecret_workerIsRefusedWithTheReasonAndExitsTwo() throws Exception {
        RunConfig cfg = config(null, "model", "open", "rate", "100", "operationcount", "10");
        ClusterRun run = new ClusterRun(options(1, SECRET, Duration.ofSeconds(6)), new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        assertEquals(2, (int) worker(address, OTHER_SECRET).get(60, TimeUnit.SECONDS));
        assertTrue(errBytes.toString().contains("wrong shared secret"), errBytes::toString);
        ExecutionException e = assertThrows(ExecutionException.class, () -> result.get(60, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof ClusterException, e.toString());
        assertTrue(e.getCause().getMessage().contains("only 0 of 1 workers joined"), e.getCause().getMessage());
    }

    /** A stand-in for a worker of another openmark version: it says hello and records the answer. */
    private static org.apache.pekko.actor.typed.Behavior<Object> otherVersion(CompletableFuture<String> answer) {
        return org.apache.pekko.actor.typed.javadsl.Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(org.apache.pekko.actor.typed.receptionist.Receptionist.subscribe(
                    org.openmark.cluster.coordinator.CoordinatorActor.KEY, ctx.getSelf().narrow()));
            return org.apache.pekko.actor.typed.javadsl.Behaviors.receiveMessage(m -> {
                if (m instanceof org.apache.pekko.actor.typed.receptionist.Receptionist.Listing l) {
                    for (var c : l.getServiceInstances(org.openmark.cluster.coordinator.CoordinatorActor.KEY)) {
                        c.tell(new org.openmark.cluster.coordinator.CoordinatorActor.Hello(ctx.getSelf().narrow(), "0.0.1-other", "test", 1, 1));
                    }
                } else if (m instanceof org.openmark.cluster.coordinator.CoordinatorActor.Refused r) {
                    answer.complete(r.reason());
                } else if (m instanceof org.openmark.cluster.coordinator.CoordinatorActor.Accepted) {
                    answer.complete("accepted");
                }
                return org.apache.pekko.actor.typed.javadsl.Behaviors.same();
            });
        });
    }

    @Test
    void workerOfAnotherVersion_isRefusedWithBothVersions() throws Exception {
        RunConfig cfg = config(null, "model", "open", "rate", "100", "operationcount", "10");
        ClusterRun run = new ClusterRun(options(1, null, Duration.ofSeconds(8)), new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        CompletableFuture<String> answer = new CompletableFuture<>();
        var system = Nodes.start(otherVersion(answer), new HostPort("127.0.0.1", 0), null);
        try {
            HostPort coordinator = HostPort.parse("--join", address);
            org.apache.pekko.cluster.typed.Cluster.get(system).manager().tell(new org.apache.pekko.cluster.typed.JoinSeedNodes(
                    List.of(new org.apache.pekko.actor.Address("pekko", system.name(), coordinator.host(),
                            coordinator.port()))));
            String reason = answer.get(30, TimeUnit.SECONDS);
            assertTrue(reason.contains("0.0.1-other") && reason.contains(org.openmark.run.Version.current())
                    && reason.contains("same openmark version"), reason);
        } finally {
            Nodes.stop(system, Duration.ofSeconds(5), false);
        }
        assertThrows(ExecutionException.class, () -> result.get(60, TimeUnit.SECONDS));
    }

    /** A stand-in worker of this version that says hello twice and records every answer. */
    private static org.apache.pekko.actor.typed.Behavior<Object> helloTwice(
            java.util.concurrent.BlockingQueue<String> answers) {
        return org.apache.pekko.actor.typed.javadsl.Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(org.apache.pekko.actor.typed.receptionist.Receptionist.subscribe(
                    org.openmark.cluster.coordinator.CoordinatorActor.KEY, ctx.getSelf().narrow()));
            boolean[] said = {false};
            return org.apache.pekko.actor.typed.javadsl.Behaviors.receiveMessage(m -> {
                if (m instanceof org.apache.pekko.actor.typed.receptionist.Receptionist.Listing l && !said[0]) {
                    for (var c : l.getServiceInstances(org.openmark.cluster.coordinator.CoordinatorActor.KEY)) {
                        said[0] = true;
                        for (int i = 0; i < 2; i++) {
                            c.tell(new org.openmark.cluster.coordinator.CoordinatorActor.Hello(ctx.getSelf().narrow(),
                                    org.openmark.run.Version.current(), "test", 1, 1));
                        }
                    }
                } else if (m instanceof org.openmark.cluster.coordinator.CoordinatorActor.Refused r) {
                    answers.add("refused: " + r.reason());
                } else if (m instanceof org.openmark.cluster.coordinator.CoordinatorActor.Accepted) {
                    answers.add("accepted");
                }
                return org.apache.pekko.actor.typed.javadsl.Behaviors.same();
            });
        });
    }

    @Test
    void theSameWorkerTwice_secondHelloIsRefused() throws Exception {
        RunConfig cfg = config(null, "model", "open", "rate", "100", "operationcount", "10");
        ClusterRun run = new ClusterRun(options(2, null, Duration.ofSeconds(6)), new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        java.util.concurrent.BlockingQueue<String> answers = new java.util.concurrent.LinkedBlockingQueue<>();
        var system = Nodes.start(helloTwice(answers), new HostPort("127.0.0.1", 0), null);
        try {
            HostPort coordinator = HostPort.parse("--join", address);
            org.apache.pekko.cluster.typed.Cluster.get(system).manager().tell(new org.apache.pekko.cluster.typed.JoinSeedNodes(
                    List.of(new org.apache.pekko.actor.Address("pekko", system.name(), coordinator.host(),
                            coordinator.port()))));
            assertEquals("accepted", answers.poll(30, TimeUnit.SECONDS));
            String second = answers.poll(30, TimeUnit.SECONDS);
            assertTrue(second != null && second.contains("has already joined"), String.valueOf(second));
        } finally {
            Nodes.stop(system, Duration.ofSeconds(5), false);
        }
        // It counted once: the session never had its two workers.
        assertThrows(ExecutionException.class, () -> result.get(60, TimeUnit.SECONDS));
        assertTrue(errBytes.toString().contains("1 of 2") && !errBytes.toString().contains("2 of 2"),
                errBytes::toString);
    }

    @Test
    void aWorkerAfterTheSessionStarted_isRefusedAsLate() throws Exception {
        // A long run, stopped (as Ctrl-C would) once the late worker was refused.
        RunConfig cfg = config(null, "model", "open", "rate", "200", "arrival", "constant", "operationcount", "60000");
        StopSignal stop = new StopSignal();
        ClusterRun run = new ClusterRun(options(1, null, Duration.ofSeconds(30)), stop, err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        CompletableFuture<Integer> first = worker(address, null);
        // the coordinator's output is the only sign the session has started
        assertTrue(errBytes.await("the run starts at", Duration.ofSeconds(60)), errBytes::toString);
        int late;
        try {
            late = worker(address, null).get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the late worker neither joined nor was refused:\n" + errBytes, e);
        } finally {
            stop.stop();
        }
        assertEquals(2, late, errBytes::toString);
        assertTrue(errBytes.toString().contains("cannot join late"), errBytes::toString);
        RunResult r = result.get(60, TimeUnit.SECONDS);
        assertEquals(0, (int) first.get(60, TimeUnit.SECONDS), errBytes::toString);
        assertEquals(1, r.workers().size(), "the late worker took no part");
        assertTrue(r.accounting().addsUp(), r.accounting()::toString);
    }

    @Test
    void noSecretWhereOneIsRequired_workerIsToldToGiveIt() throws Exception {
        RunConfig cfg = config(null, "model", "open", "rate", "100", "operationcount", "10");
        ClusterRun run = new ClusterRun(options(1, SECRET, Duration.ofSeconds(6)), new StopSignal(), err);
        CompletableFuture<RunResult> result = async(() -> run.execute(cfg));
        String address = run.address().get(30, TimeUnit.SECONDS);
        assertEquals(2, (int) worker(address, null).get(60, TimeUnit.SECONDS));
        assertTrue(errBytes.toString().contains("--cluster-secret-file"), errBytes::toString);
        assertThrows(ExecutionException.class, () -> result.get(60, TimeUnit.SECONDS));
    }

    @Test
    void nothingListensAtTheJoinAddress_workerGivesUpWithAClearMessage() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        int code = WorkerNode.run(new WorkerNode.Options(new HostPort("127.0.0.1", port), new HostPort("127.0.0.1", 0),
                null, Duration.ofSeconds(3), null, dir, null), err);
        assertEquals(1, code);
        assertTrue(errBytes.toString().contains("could not join the coordinator at 127.0.0.1:" + port),
                errBytes::toString);
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
