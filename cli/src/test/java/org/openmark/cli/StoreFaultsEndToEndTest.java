package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Redis server that fails during a run: killed and restarted, stopped and continued. The
 * verdicts must blame the store, locate the trouble in time, keep the accounting, and end on time.
 */
class StoreFaultsEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

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
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("redis-server did not start on port " + port);
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
        Thread.sleep(4000);
        redis.toHandle().destroyForcibly();
        redis.waitFor();
        Thread.sleep(3000);
        startRedis();
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertFalse(result.get("valid").asBoolean(), r::toString);
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        assertTrue(result.get("warnings").toString().contains("the store failed"), r::toString);
        JsonNode outages = result.get("outages");
        assertTrue(outages.size() >= 1, r::toString);
        JsonNode first = outages.get(0);
        assertTrue(first.get("fromSeconds").asDouble() >= 2 && first.get("fromSeconds").asDouble() <= 6, first::toString);
        assertTrue(first.get("toSeconds").asDouble() >= 6 && first.get("toSeconds").asDouble() <= 11, first::toString);
        // After the restart the sessions reconnected: the last seconds completed OK again.
        List<String> rows = Files.readAllLines(out.resolve("timeseries.csv"));
        String last = rows.get(rows.size() - 2);
        String[] cells = last.split(",");
        assertTrue(Long.parseLong(cells[11]) > 0, "OK operations after the restart: " + last);
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
        Thread.sleep(4000);
        signal(redis, "STOP");
        Thread.sleep(3000);
        signal(redis, "CONT");
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
        String warnings = result.get("warnings").toString();
        assertFalse(warnings.contains("the load generator, not the store, limited this run"), r::toString);
        assertTrue(result.get("outages").toString().contains("stall"), r::toString);
        assertTrue(result.get("notes").toString().contains("the store stalled"), r::toString);
    }

    @Test
    void redisStoppedInTheClosedModel_theRunEndsOnTime() throws Exception {
        port = freePort();
        startRedis();
        Path out = dir.resolve("stopped-closed");
        long begin = System.nanoTime();
        CompletableFuture<CliRunner> run = runAsync("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "recordcount=200", "-p", "redis.timeout=60000", "-threads", "2", "--duration", "5s", "--grace", "1s",
                "--quiet", "--out", out.toString());
        Thread.sleep(3000);
        signal(redis, "STOP");
        CliRunner r = run.get(120, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - begin) / 1e9;
        signal(redis, "CONT");
        assertTrue(seconds < 20, "the run ended " + seconds + " s after it began, not when Redis came back");
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        assertEquals(2, result.at("/accounting/unfinished").asLong(), r::toString);
        assertTrue(result.at("/accounting/addsUp").asBoolean(), r::toString);
    }

    @Test
    void closedPortOrWrongPassword_refusedBeforeAnythingIsMeasuredWithExitFour() throws Exception {
        Path out = dir.resolve("nothing");
        CliRunner closed = CliRunner.run("run", "--store", "redis", "-p", "redis.port=" + freePort(), "--duration",
                "2s", "--out", out.toString());
        assertEquals(Main.EXIT_STORE_UNREACHABLE, closed.exitCode, closed::toString);
        assertTrue(closed.err.contains("cannot reach redis (redis at 127.0.0.1:"), closed::toString);
        assertFalse(Files.exists(out.resolve("result.json")), "nothing written");

        port = freePort();
        redis = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1", "--save", "",
                "--requirepass", "the-right-one").redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis-auth.log").toFile()).start();
        Thread.sleep(1500);
        CliRunner wrong = CliRunner.run("run", "--store", "redis", "-p", "redis.port=" + port, "-p",
                "redis.password=wrong", "--duration", "2s");
        assertEquals(Main.EXIT_STORE_UNREACHABLE, wrong.exitCode, wrong::toString);
        assertTrue(wrong.err.toLowerCase(java.util.Locale.ROOT).contains("pass"), "names the credentials: " + wrong);
    }
}
