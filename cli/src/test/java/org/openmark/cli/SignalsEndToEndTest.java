package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (what {@code kill} and service managers send; Ctrl-C's SIGINT takes the same path) to
 * each long command, in a process of its own: it stops, writes what it has marked interrupted,
 * leaves no temporary file, and exits 130 (the JVM's own code for SIGTERM would be 143).
 */
@Tag("integration")
class SignalsEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Starts {@code bin/openmark ARGS} as a process of its own, its output in {@code log}. */
    private static Process start(Path log, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Waits until the log shows {@code text} (the command got that far), then sends SIGTERM. */
    private static void terminateWhenLogged(Process p, Path log, String text) throws Exception {
        awaitLogged(p, log, text);
        p.destroy(); // SIGTERM
    }

    /** Waits until the log shows {@code text}; fails at once when the command ended first. */
    private static void awaitLogged(Process p, Path log, String text) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        while (!Files.readString(log).contains(text) && System.currentTimeMillis() < deadline) {
            // waiting on the process itself: one that ended early fails at once, with its output
            assertFalse(p.waitFor(100, TimeUnit.MILLISECONDS), "ended before '" + text + "':\n" + Files.readString(log));
        }
        assertTrue(Files.readString(log).contains(text), "never got to '" + text + "':\n" + Files.readString(log));
    }

    /** The exit code, once it ended (bounded: a hung command fails the test). */
    private static int exitOf(Process p, Path log) throws Exception {
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not end after SIGTERM:\n" + Files.readString(log));
            return p.exitValue();
        } finally {
            p.destroyForcibly();
        }
    }

    private static void assertNoTemporaryFiles(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> temporary = files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
            assertEquals(List.of(), temporary, "temporary files left behind");
        }
    }

    @Test
    void run_sigterm_writesTheReportMarkedInterruptedAndExits130() throws Exception {
        Path out = dir.resolve("run");
        Path log = dir.resolve("run.log");
        Process p = start(log, "run", "--store", "sim", "-p", "recordcount=100", "--rate", "500", "--duration", "60s",
                "-s", "1", "--grace", "1s", "--out", out.toString());
        terminateWhenLogged(p, log, "2 sec:");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.get("interrupted").asBoolean());
        assertTrue(result.at("/accounting/addsUp").asBoolean());
        assertTrue(Files.exists(out.resolve("latency.hlog")) && Files.exists(out.resolve("timeseries.csv")));
        assertNoTemporaryFiles(out);
    }

    @Test
    void rate_sigterm_writesTheRatingSoFarMarkedInterruptedAndExits130() throws Exception {
        Path out = dir.resolve("rating");
        Path log = dir.resolve("rate.log");
        Process p = start(log, "rate", "--store", "sim", "-p", "sim.latency=1ms", "-p", "recordcount=100", "--model",
                "open", "--start", "200", "--duration", "30s", "--warmup", "0s", "--out", out.toString());
        terminateWhenLogged(p, log, "rate: experiment 1 at");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        JsonNode rating = JSON.readTree(out.resolve("rating.json").toFile());
        assertTrue(rating.get("interrupted").asBoolean(), rating::toString);
        assertTrue(rating.at("/stop/reason").asText().contains("rating interrupted"), rating::toString);
        assertTrue(Files.readString(out.resolve("rating.txt")).contains("interrupted"));
        assertNoTemporaryFiles(out);
    }

    @Test
    void staleness_sigterm_writesTheWritesSoFarMarkedInterruptedAndExits130() throws Exception {
        Path out = dir.resolve("staleness");
        Path log = dir.resolve("staleness.log");
        Process p = start(log, "staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                "sim.readpreference=secondary", "-p", "sim.replicationdelay=exp(5ms)", "--rate", "100", "--writes",
                "100000", "--out", out.toString());
        // its first writes are acknowledged within a second of the start (100/s), however long the JVM took to start
        awaitLogged(p, log, "openmark staleness: 100000 writes at 100/s");
        assertFalse(p.waitFor(2, TimeUnit.SECONDS), "ended before SIGTERM:\n" + Files.readString(log));
        p.destroy();
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        JsonNode json = JSON.readTree(out.resolve("staleness.json").toFile());
        assertTrue(json.get("interrupted").asBoolean(), json::toString);
        assertFalse(json.get("valid").asBoolean(), json::toString);
        long writes = json.at("/staleness/writes").asLong();
        assertTrue(writes > 0 && writes < 100_000, json::toString);
        assertNoTemporaryFiles(out);
    }

    @Test
    void experiment_sigterm_writesTheRowsDoneMarkedInterruptedNoTemporaryFilesAndExits130() throws Exception {
        Path out = dir.resolve("experiment");
        Path log = dir.resolve("experiment.log");
        Process p = start(log, "experiment", "coordinated-omission", "--time", "real", "--ops", "60000", "--rate",
                "1000", "--hiccup-at", "30s", "--threads", "1", "--out", out.toString());
        terminateWhenLogged(p, log, "experiment: open model");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        JsonNode json = JSON.readTree(out.resolve("experiment.json").toFile());
        assertTrue(json.get("interrupted").asBoolean(), json::toString);
        assertEquals(1, json.get("runs").size(), json::toString);
        assertNoTemporaryFiles(out);
    }

    @Test
    void txnOverhead_sigterm_writesNothingAndExits130() throws Exception {
        Path out = dir.resolve("txn");
        Path log = dir.resolve("txn.log");
        Process p = start(log, "txn-overhead", "--store", "memory", "-p", "recordcount=100", "--rate", "500",
                "--duration", "60s", "-s", "1", "--out", out.toString());
        terminateWhenLogged(p, log, "2 sec:");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        assertTrue(Files.readString(log).contains("nothing compared"), Files.readString(log));
        assertFalse(Files.exists(out.resolve("txn-overhead.json")));
        assertNoTemporaryFiles(out);
    }

    @Test
    void pbs_sigterm_exits130() throws Exception {
        Path log = dir.resolve("pbs.log");
        Process p = start(log, "pbs", "--n", "5", "--trials", "1000000000", "--threads", "1", "--seed", "1");
        terminateWhenLogged(p, log, "openmark pbs: computing 25 (R,W)");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        assertTrue(Files.readString(log).contains("openmark: interrupted"), Files.readString(log));
    }

    @Test
    void simstore_sigterm_writesItsGroundTruthAndExits130() throws Exception {
        Path truth = dir.resolve("truth.json");
        Path log = dir.resolve("simstore.log");
        Process p = start(log, "simstore", "--port", "0", "--truth-file", truth.toString());
        terminateWhenLogged(p, log, "simstore listening on");
        assertEquals(Main.EXIT_INTERRUPTED, exitOf(p, log), Files.readString(log));
        assertTrue(Files.exists(truth), Files.readString(log));
        JSON.readTree(truth.toFile());
        assertNoTemporaryFiles(dir);
    }
}
