package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code experiment --metrics}: the experiment's rows are served live, as a run's phase is. */
@Tag("integration")
class ExperimentMetricsTest {
    @TempDir
    Path dir;

    @Test
    void experiment_withMetrics_servesEachRowsFiguresUntilTheLingerEnds() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String at = "127.0.0.1:" + port;
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("experiment",
                "coordinated-omission", "--quick", "--metrics", at, "--metrics-linger", "4s", "--out",
                dir.resolve("e").toString()));
        HttpClient http = HttpClient.newHttpClient();
        String seen = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        // the last rows' figures: the closed model's, once the experiment has reached them
        while (!(seen.contains("openmark_run_info{command=\"experiment\"") && seen.contains("model=\"closed")
                && seen.contains("openmark_verdict_final 1")) && System.nanoTime() < deadline && !run.isDone()) {
            seen = scrape(http, at);
            Thread.sleep(100);
        }
        CliRunner r = run.get(2, TimeUnit.MINUTES);
        r.assertRan();
        assertTrue(r.err.contains("openmark: metrics at http://" + at + "/metrics"), r::toString);
        String last = seen;
        assertTrue(last.contains("openmark_run_info{command=\"experiment\"") && last.contains("model=\"closed"),
                () -> "the experiment's rows served: " + last);
        assertTrue(last.matches("(?s).*\\nopenmark_operations_total\\{[^}]*op=\"UPDATE\"[^}]*} [1-9].*"),
                () -> "operations counted: " + last);
    }

    private static String scrape(HttpClient http, String at) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://" + at + "/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return ""; // not up yet, or gone
        }
    }
}
