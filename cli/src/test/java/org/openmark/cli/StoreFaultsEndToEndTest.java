package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openmark.store.contract.ServicesFixture;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Redis server that fails during a run: killed and restarted, stopped and continued. The
 * verdicts must blame the store, locate the trouble in time, keep the accounting, and end on time.
 */
@Tag("integration")
class StoreFaultsEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final ServicesFixture POSTGRES = ServicesFixture.of("postgres");

    @TempDir
    Path dir;

    private Process redis;
    private int port;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private void startRedis() throws Exception {
        redis = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", dir.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis-" + System.nanoTime() + ".log").toFile()).start();
        awaitListening(redis, port);
    }

    /** Returns once {@code server} accepts connections on {@code port}; fails at once if it ended. */
    private static void awaitListening(Process server, int port) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                if (server.waitFor(50, TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException("redis-server ended with " + server.exitValue());
                }
            }
        }
        throw new IllegalStateException("redis-server did not start on port " + port);
    }

    /** Lets the run go on for {@code seconds}, failing if it ends in that time (the fault would miss it). */
    private static void stillRunningAfter(CompletableFuture<CliRunner> run, long seconds) throws Exception {
        assertThrows(java.util.concurrent.TimeoutException.class, () -> run.get(seconds, TimeUnit.SECONDS),
                "the run ended before the fault it is about");
    }

    @AfterEach
    void stopRedis() {
        if (redis != null) {
            redis.toHandle().destroyForcibly();
        }
    }

    private static void signal(Process p, String sig) throws Exception {
        new ProcessBuilder("kill", "-" + sig, String.valueOf(p.pid())).start().waitFor();
    }

    private CompletableFuture<CliRunner> runAsync(String... args) {
        return CompletableFuture.supplyAsync(() -> CliRunner.run(args));
    }

    @Test
    void redisKilledAndRestartedMidRun_outageLocatedInTimeRunInvalidAccountingAddsUpAndReconnected() throws Exception {
        port = freePort();
        startRedis();
        Path out = dir.resolve("killed");
        CompletableFuture<CliRunner> run = runAsync("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "recordcount=200", "-p", "redis.timeout=500", "--rate", "400", "--duration", "12s", "-s", "1",
                "--quiet", "--out", out.toString());
        stillRunningAfter(run, 4);
        redis.toHandle().destroyForcibly();
        redis.waitFor();
        stillRunningAfter(run, 3);
        startRedis();
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertFalse(result.get("valid").asBoolean(), r::toString);
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        assertTrue(result.get("warnings").toString().contains("the store failed"), r::toString);
        JsonNode outages = result.get("outages");
        assertTrue(outages.size() >= 1, r::toString);
        JsonNode first = outages.get(0);
        assertTrue(first.get("fromSeconds").asDouble() >= 2 && first.get("fromSeconds").asDouble() <= 6, first::toString);
        assertTrue(first.get("toSeconds").asDouble() >= 6 && first.get("toSeconds").asDouble() <= 11, first::toString);
        // After the restart the sessions reconnected: the last seconds were answered again (the
        // restarted server is empty, so reads and updates find nothing: NOT_FOUND is an answer).
        // (The last interval may be the few milliseconds of the drain after the schedule's end: the
        // window opens when the schedule begins, so the run's end falls on a collection.)
        List<String> rows = Files.readAllLines(out.resolve("timeseries.csv"));
        long answeredAtTheEnd = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",");
            if (Double.parseDouble(cells[0]) >= 11) {
                answeredAtTheEnd += Long.parseLong(cells[11]) + Long.parseLong(cells[12]);
            }
        }
        assertTrue(answeredAtTheEnd > 0, "answered after the restart: " + rows);
        assertTrue(r.out.contains("[OUTAGE]"), r::toString);
    }

    @Test
    void redisStoppedInTheOpenModel_theStoreIsBlamedNotTheGenerator() throws Exception {
        port = freePort();
        startRedis();
        Path out = dir.resolve("stopped-open");
        CompletableFuture<CliRunner> run = runAsync("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "recordcount=200", "-p", "redis.timeout=30000", "--rate", "400", "--duration", "10s", "--warmup", "2s",
                "-s", "1", "--quiet", "--out", out.toString());
        stillRunningAfter(run, 4);
        signal(redis, "STOP");
        stillRunningAfter(run, 3);
        signal(redis, "CONT");
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        String warnings = result.get("warnings").toString();
        assertFalse(warnings.contains("the load generator, not the store, limited this run"), r::toString);
        assertTrue(result.get("outages").toString().contains("stall"), r::toString);
        // Stalled for about 3 of the 8 measured seconds: more than a tenth, so the store's verdict fails.
        assertTrue(warnings.contains("the store stalled for"), r::toString);
        assertFalse(result.get("valid").asBoolean(), r::toString);
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
    }

    /**
     * A store loaded beforehand (so the run asks nothing of it before its phase but the
     * pre-flight) hangs mid-run behind a 60 s client timeout: the command, report included, ends
     * within the duration and the grace period, and the run is invalid for the stall.
     */
    @Test
    void redisStoppedInTheClosedModel_theCommandEndsOnTimeAndTheStallMakesItInvalid() throws Exception {
        port = freePort();
        startRedis();
        CliRunner load = CliRunner.run("load", "--store", "redis", "-p", "redis.port=" + port, "-p", "recordcount=200",
                "--quiet");
        load.assertRan();
        Path out = dir.resolve("stopped-closed");
        long begin = System.nanoTime();
        CompletableFuture<CliRunner> run = runAsync("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "recordcount=200", "-p", "redis.timeout=60000", "-threads", "2", "--duration", "6s", "--grace", "1s",
                "--quiet", "--out", out.toString());
        stillRunningAfter(run, 3);
        signal(redis, "STOP");
        CliRunner r;
        double seconds;
        try {
            r = run.get(120, TimeUnit.SECONDS);
            seconds = (System.nanoTime() - begin) / 1e9;
        } finally {
            signal(redis, "CONT");
        }
        // 6 s + 1 s of grace, the pre-flight and the report: never the 60 s client timeout.
        assertTrue(seconds < 20, "the command ended " + seconds + " s after it began, not when Redis came back\n" + r);
        assertFalse(r.err.contains("was empty: loaded"), "the store was loaded beforehand: " + r);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertEquals(2, result.at("/accounting/unfinished").asLong(), r::toString);
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        assertFalse(result.get("valid").asBoolean(), r::toString);
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(result.get("warnings").toString().contains("the store stalled for"), r::toString);
        assertTrue(result.at("/storeFacts/version").asText().matches("\\d+\\.\\d+.*"), "facts asked while it answered: "
                + result.get("storeFacts"));
    }

    /**
     * PostgreSQL with password authentication (the services' server checks scram-sha-256): a wrong
     * password is refused by the pre-flight, exit 4, with the server's own words and SQLState.
     */
    @Test
    void postgresWrongPassword_refusedWithTheServersMessageAndExitFour() throws Exception {
        java.util.Map<String, String> server = POSTGRES.properties().asMap();
        Path out = dir.resolve("pg-nothing");
        CliRunner r = CliRunner.run("run", "--store", "jdbc", "-p", "jdbc.url=" + server.get("jdbc.url"), "-p",
                "jdbc.user=" + server.get("jdbc.user"), "-p", "jdbc.password=not-the-password", "--duration", "2s",
                "--out", out.toString());
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("cannot reach jdbc (" + server.get("jdbc.url") + " as user " + server.get("jdbc.user")
                + ")"), r::toString);
        assertTrue(r.err.contains("password authentication failed") && r.err.contains("28P01"), r::toString);
        assertFalse(r.err.contains("not-the-password"), "the password is never printed: " + r);
        assertFalse(Files.exists(out), "nothing written");
        // ...and the right one is accepted.
        CliRunner right = CliRunner.run("run", "--store", "jdbc", "-p", "jdbc.url=" + server.get("jdbc.url"), "-p",
                "jdbc.user=" + server.get("jdbc.user"), "-p", "jdbc.password=" + server.get("jdbc.password"), "-p",
                "recordcount=20", "-p", "operationcount=20", "--rate", "200", "--quiet");
        right.assertRan();
    }

    /** Staleness asks the same pre-flight: a closed port ends it with exit 4 and writes nothing. */
    @Test
    void staleness_closedPort_refusedBeforeAnythingIsMeasuredWithExitFour() throws Exception {
        Path out = dir.resolve("staleness-nothing");
        CliRunner r = CliRunner.run("staleness", "--store", "redis", "-p", "redis.port=" + freePort(), "--out",
                out.toString());
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("cannot reach redis (redis at 127.0.0.1:"), r::toString);
        assertFalse(r.out.contains("PConsistentAt"), r::toString);
        assertFalse(Files.exists(out), "nothing written, not even the directory");
    }

    /** The workers' pre-flight refusal travels back to the coordinator: exit 4 there too. */
    @Test
    void localWorkers_closedPort_theCoordinatorExitsFour() throws Exception {
        Path out = dir.resolve("cluster-nothing");
        CliRunner r = CliRunner.run("run", "--local-workers", "2", "--store", "redis", "-p", "redis.port="
                + freePort(), "--duration", "2s", "--quiet", "--out", out.toString());
        assertEquals(Main.EXIT_STORE_UNREACHABLE, r.exitCode, r::toString);
        assertTrue(r.err.contains("cannot reach redis (redis at 127.0.0.1:"), r::toString);
        assertFalse(Files.exists(out.resolve("result.json")), "nothing written");
    }

    @Test
    void closedPortOrWrongPassword_refusedBeforeAnythingIsMeasuredWithExitFour() throws Exception {
        Path out = dir.resolve("nothing");
        CliRunner closed = CliRunner.run("run", "--store", "redis", "-p", "redis.port=" + freePort(), "--duration",
                "2s", "--out", out.toString());
        assertEquals(Main.EXIT_STORE_UNREACHABLE, closed.exitCode, closed::toString);
        assertTrue(closed.err.contains("cannot reach redis (redis at 127.0.0.1:"), closed::toString);
        assertFalse(Files.exists(out), "nothing written, not even the directory");

        port = freePort();
        redis = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1", "--save", "",
                "--requirepass", "the-right-one").redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis-auth.log").toFile()).start();
        awaitListening(redis, port);
        CliRunner wrong = CliRunner.run("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "redis.password=wrong", "--duration", "2s");
        assertEquals(Main.EXIT_STORE_UNREACHABLE, wrong.exitCode, wrong::toString);
        assertTrue(wrong.err.toLowerCase(java.util.Locale.ROOT).contains("pass"), "names the credentials: " + wrong);
    }
}
