package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;

class MetricsEndpointTest {
    private static final RunFacts FACTS = new RunFacts("run", "memory", 42, "open", false, 0, s -> 1000, 0, 10,
            0.001, 0.01);

    @Test
    void start_portZero_servesOnAFreePort() throws Exception {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(FACTS);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 10).build(0, 1000), 1.0, 0, false);
        try (MetricsEndpoint e = MetricsEndpoint.start(MetricsAddress.parse("--metrics", "127.0.0.1:0"),
                m.registry())) {
            assertTrue(e.port() > 0);
            HttpResponse<String> r = get(e.url(), "text/plain");
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("openmark_operations_total{op=\"READ\",status=\"ok\",worker=\"\"} 10.0"),
                    r.body());
        }
    }

    @Test
    void start_scraperAcceptsProtobuf_getsNativeHistograms() throws Exception {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(FACTS);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 10).build(0, 1000), 1.0, 0, false);
        try (MetricsEndpoint e = MetricsEndpoint.start(MetricsAddress.parse("--metrics", "127.0.0.1:0"),
                m.registry())) {
            // what Prometheus sends with native histograms enabled
            HttpResponse<String> r = get(e.url(), "application/vnd.google.protobuf;proto=io.prometheus.client"
                    + ".MetricFamily;encoding=delimited;q=0.7,text/plain;version=0.0.4;q=0.3");
            assertTrue(r.headers().firstValue("Content-Type").orElse("").contains("protobuf"), r.headers().toString());
        }
    }

    @Test
    void start_portInUse_isBadInputNamingThePort() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String addr = "127.0.0.1:" + taken.getLocalPort();
            ConfigException e = assertThrows(ConfigException.class,
                    () -> MetricsEndpoint.start(MetricsAddress.parse("--metrics", addr), new RunMetrics().registry()));
            assertEquals("--metrics=" + addr + ": port " + taken.getLocalPort() + " is in use on 127.0.0.1: choose"
                    + " another, or 0 for a free one", e.getMessage());
        }
    }

    private static HttpResponse<String> get(String url, String accept) throws Exception {
        try (HttpClient c = HttpClient.newHttpClient()) {
            return c.send(HttpRequest.newBuilder(URI.create(url)).header("Accept", accept).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }
}
