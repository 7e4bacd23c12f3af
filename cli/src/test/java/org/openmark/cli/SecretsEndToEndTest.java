package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No secret reaches an output: every secret-looking property (and a URL carrying a password) is
 * given a marker value, and the marker is searched for in everything each measuring command prints
 * and writes, for a run in one process and a run over two local workers.
 */
@Tag("integration")
class SecretsEndToEndTest {
    private static final String MARK = "SEKRIT";

    /** -p NAME=VALUE for each secret-looking property, each value holding the marker. */
    private static List<String> secretProperties() {
        List<String> args = new ArrayList<>();
        for (String name : List.of("db.passwd", "jdbc.password", "redis.password", "cassandra.password",
                "couchbase.pwd", "aws.secretkey", "github.token", "dynamodb.awsCredentialsFile", "mongodb.apikey",
                "s3.accessKeyId", "jdbc.pasword", "redis.passwrod", "api.tokne")) {
            args.add("-p");
            args.add(name + "=" + MARK + "-" + name);
        }
        args.add("-p");
        args.add("mongodb.url=mongodb://ycsb:" + MARK + "@127.0.0.1:27017/ycsb");
        args.add("-p");
        args.add("db.url=jdbc:postgresql://127.0.0.1:5432/ycsb?user=bench&password=" + MARK);
        return args;
    }

    private static String[] command(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(secretProperties());
        all.addAll(tail);
        return all.toArray(String[]::new);
    }

    @Test
    void run_secretProperties_inNoOutput(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("run");
        CliRunner r = CliRunner.run(command(List.of("run", "--store", "sim", "-P", "workloada", "-p", "sim.latency=1ms"),
                List.of("--rate", "500", "--duration", "3s", "--warmup", "1s", "--time", "virtual", "-s",
                        "--out", out.toString())));
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(Files.readString(out.resolve("result.json")).contains("\"db.passwd\" : \"****\""));
        assertNoMarker(r, out);
    }

    /**
     * The case: a mistyped secret, which no store reads (an unknown property; with the jdbc
     * store, "did you mean jdbc.password?"), is masked by its shape in every file of --out, on stdout and stderr, and on
     * the metrics page scraped all through the run.
     */
    @Test
    void run_misspeltSecret_inNoOutput_norOnTheMetricsPage(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("typo");
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/metrics";
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<String> pages = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread scraper = Thread.ofPlatform().daemon().start(() -> {
            try (java.net.http.HttpClient c = java.net.http.HttpClient.newHttpClient()) {
                while (running.get()) {
                    try {
                        pages.add(c.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                                .timeout(java.time.Duration.ofSeconds(2)).build(),
                                java.net.http.HttpResponse.BodyHandlers.ofString()).body());
                    } catch (IOException notUpYet) {
                        // before the endpoint starts or after it stops
                    } catch (InterruptedException e) {
                        return;
                    }
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        CliRunner r;
        try {
            r = CliRunner.run("run", "--store", "memory", "-p", "recordcount=100", "-p", "jdbc.pasword=TypoSecret333",
                    "--rate", "200", "--duration", "2s", "--warmup", "0s", "--metrics", "127.0.0.1:" + port,
                    "--metrics-linger", "1s", "--out", out.toString());
        } finally {
            running.set(false);
            scraper.join(5_000);
        }
        // valid or not on a busy machine (send lag): either way its outputs are written
        assertTrue(r.exitCode == 0 || r.exitCode == Main.EXIT_NOT_VALID, r::toString);
        assertTrue(r.err.contains("unknown property 'jdbc.pasword' is ignored"), r::toString);
        assertTrue(Files.readString(out.resolve("result.json")).contains("\"jdbc.pasword\" : \"****\""));
        for (String f : List.of("result.json", "result.txt", "report.html")) {
            assertFalse(Files.readString(out.resolve(f)).contains("TypoSecret333"), f);
        }
        assertFalse(r.out.contains("TypoSecret333"), r::toString);
        assertFalse(r.err.contains("TypoSecret333"), r::toString);
        assertNoMarkerIn(out, "TypoSecret333");
        assertFalse(pages.isEmpty(), "the metrics page was never scraped");
        for (String page : pages) {
            assertFalse(page.contains("TypoSecret333"), page);
        }
    }

    @Test
    void rate_secretProperties_inNoOutput(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("rate");
        CliRunner r = CliRunner.run(command(List.of("rate", "--store", "sim", "-P", "workloadc", "-p",
                "sim.maxthroughput=2000", "-p", "sim.latency=1ms", "-p", "arrival=constant"), List.of("--model", "open",
                "--sla", "p99<=50ms", "--duration", "2s", "--warmup", "500ms", "--time", "virtual", "--out",
                out.toString())));
        assertEquals(0, r.exitCode, r::toString);
        assertNoMarker(r, out);
    }

    @Test
    void staleness_secretProperties_inNoOutput(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("staleness");
        CliRunner r = CliRunner.run(command(List.of("staleness", "--store", "sim", "-p", "sim.secondaries=1", "-p",
                "sim.replicationdelay=5ms"),
                List.of("--time", "virtual", "--out", out.toString())));
        assertTrue(r.exitCode == 0 || r.exitCode == 3, r::toString);
        assertNoMarker(r, out);
    }

    @Test
    void localWorkers_secretProperties_inNoOutput(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("cluster");
        CliRunner r = CliRunner.run(command(List.of("run", "--local-workers", "2", "--store", "sim", "-P", "workloada",
                "-p", "sim.latency=1ms"), List.of("--rate", "400", "--duration", "3s", "--warmup", "1s", "--out",
                out.toString())));
        r.assertRan();
        assertNoMarker(r, out);
        // the workers' own logs and results, kept because the run wrote --out, are outputs too
        Matcher kept = Pattern.compile("(/\\S*openmark-local-workers-\\S*)").matcher(r.err);
        while (kept.find()) {
            Path workers = Path.of(kept.group(1).replaceAll("[).,;:]+$", ""));
            if (Files.isDirectory(workers)) {
                assertNoMarkerIn(workers);
            }
        }
    }

    private static void assertNoMarker(CliRunner r, Path out) {
        assertFalse(r.out.contains(MARK), () -> "stdout holds a secret:\n" + r);
        assertFalse(r.err.contains(MARK), () -> "stderr holds a secret:\n" + r);
        assertNoMarkerIn(out);
    }

    private static void assertNoMarkerIn(Path dir) {
        assertNoMarkerIn(dir, MARK);
    }

    private static void assertNoMarkerIn(Path dir, String mark) {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> all = files.filter(Files::isRegularFile).toList();
            assertFalse(all.isEmpty(), "no output in " + dir);
            for (Path file : all) {
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(mark), () -> file + " holds a secret");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
