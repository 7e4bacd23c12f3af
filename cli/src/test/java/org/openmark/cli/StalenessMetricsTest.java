package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code staleness --metrics}: a measurement on a simulated store with a replica that lags is served
 * live, and once staleness.json is written the last scrape (in the linger) has its counts exactly:
 * writes, probe reads and consistent reads per offset, so the ratio is the measured P(consistent).
 */
@Tag("integration")
class StalenessMetricsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void staleness_withMetrics_servesTheCountsStalenessJsonEndsWith() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String at = "127.0.0.1:" + port;
        Path out = dir.resolve("s");
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("staleness", "--store",
                "sim", "-p", "sim.secondaries=1", "-p", "sim.readpreference=secondary", "-p",
                "sim.replicationdelay=exp(5ms)", "--rate", "200", "--writes", "400", "--keys", "50", "--probes",
                "0,5,20", "--metrics", at, "--metrics-linger", "4s", "--out", out.toString()));
        HttpClient http = HttpClient.newHttpClient();
        String during = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(out.resolve("staleness.json")) && System.nanoTime() < deadline && !run.isDone()) {
            String s = scrape(http, at);
            if (s.contains("openmark_staleness_writes_total") && during.isEmpty()) {
                during = s;
            }
            Thread.sleep(50);
        }
        assertTrue(Files.exists(out.resolve("staleness.json")), "staleness.json was written");
        // in the linger: the measurement has ended (and a scrape built before its end answers for 200 ms at most)
        Thread.sleep(500);
        String last = scrape(http, at);
        CliRunner r = run.get(2, TimeUnit.MINUTES);
        r.assertRan();
        assertTrue(!during.isEmpty(), "served while it ran");
        JsonNode result = JSON.readTree(out.resolve("staleness.json").toFile()).path("staleness");
        long writes = result.path("writes").asLong();
        assertEquals(writes, value(last, "openmark_staleness_writes_total", ""), last);
        assertEquals(0, result.path("errors").asLong(), "no request failed: every write probed at every offset");
        long probedAll = 0;
        double pAt0 = Double.NaN;
        for (var offset : (Iterable<java.util.Map.Entry<String, JsonNode>>) result.path("pConsistentAt")::fields) {
            double ms = Double.parseDouble(offset.getKey());
            String label = "{offset_seconds=\"" + offsetLabel(ms) + "\"}";
            long probed = value(last, "openmark_staleness_probe_reads_total", label);
            assertEquals(writes, probed, last);
            assertEquals(Math.round(offset.getValue().asDouble() * writes),
                    value(last, "openmark_staleness_consistent_reads_total", label), last);
            probedAll += probed;
            if (ms == 0) {
                pAt0 = offset.getValue().asDouble();
            }
        }
        assertEquals(result.path("reads").asLong(), probedAll, last);
        assertTrue(pAt0 < 0.9, "a replica 5 ms behind is stale right after the write: P=" + pAt0);
    }

    private static String offsetLabel(double ms) {
        java.math.BigDecimal s = java.math.BigDecimal.valueOf(ms).movePointLeft(3).stripTrailingZeros();
        return s.signum() == 0 ? "0" : s.toPlainString();
    }

    private static long value(String scraped, String name, String labels) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name + labels) + " ([0-9.eE+]+)$").matcher(scraped);
        assertTrue(m.find(), name + labels + " in:\n" + scraped);
        return Math.round(Double.parseDouble(m.group(1)));
    }

    private static String scrape(HttpClient http, String at) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create("http://" + at + "/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        }
    }
}
