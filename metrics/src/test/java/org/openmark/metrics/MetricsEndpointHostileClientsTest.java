package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmark.api.Status;

/**
 * No client can block the endpoint: while one client keeps a half-sent request open (reconnecting
 * whenever the server drops it) and another reads its response a byte at a time, a scraper's
 * every scrape is answered, each within a bound; and the half-open connection is closed by the
 * server within its request time-out. Real sockets on loopback.
 */
class MetricsEndpointHostileClientsTest {
    private static final RunFacts FACTS = new RunFacts("run", "memory", 42, "open", false, 0, s -> 1000, 0, 10,
            0.001, 0.01);
    private static final String HALF_REQUEST = "GET /metrics HTTP/1.1\r\nHost: x\r\n";
    /** A scrape on this busy 2-core machine takes tens of ms; a blocked one waits for the attacker to go. */
    private static final Duration SCRAPE_BOUND = Duration.ofSeconds(2);

    private static MetricsEndpoint endpoint() {
        RunMetrics m = new RunMetrics();
        m.phaseStarted(FACTS);
        m.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 10).build(0, 1000), 1.0, 0, false);
        return MetricsEndpoint.start(MetricsAddress.parse("--metrics", "127.0.0.1:0"), m.registry());
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        return s;
    }

    @Test
    @Timeout(60)
    void scrapes_answered_whileAHalfOpenClientAndASlowReaderHoldConnections() throws Exception {
        try (MetricsEndpoint e = endpoint()) {
            AtomicBoolean attacking = new AtomicBoolean(true);
            AtomicInteger halfOpenConnections = new AtomicInteger();
            Thread halfOpen = Thread.ofPlatform().daemon().start(() -> {
                while (attacking.get()) {
                    try (Socket s = connect(e.port())) {
                        halfOpenConnections.incrementAndGet();
                        s.getOutputStream().write(HALF_REQUEST.getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                        s.setSoTimeout(200);
                        while (attacking.get()) {
                            try {
                                if (s.getInputStream().read() < 0) {
                                    break; // dropped by the server: come back at once
                                }
                            } catch (SocketTimeoutException stillOpen) {
                                // keep holding it
                            }
                        }
                    } catch (IOException dropped) {
                        // reset by the server: reconnect
                    }
                }
            });
            Thread slowReader = Thread.ofPlatform().daemon().start(() -> {
                while (attacking.get()) {
                    try (Socket s = new Socket()) {
                        s.setReceiveBufferSize(1024);
                        s.connect(new InetSocketAddress("127.0.0.1", e.port()), 2_000);
                        s.getOutputStream().write(("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                        InputStream in = s.getInputStream();
                        while (attacking.get() && in.read() >= 0) {
                            Thread.sleep(50);
                        }
                    } catch (IOException | InterruptedException dropped) {
                        // reconnect
                    }
                }
            });
            try {
                Thread.sleep(300); // both hold their connections before the first scrape
                List<Long> scrapeMs = new ArrayList<>();
                long until = System.nanoTime() + Duration.ofSeconds(8).toNanos();
                try (HttpClient client = HttpClient.newBuilder().connectTimeout(SCRAPE_BOUND).build()) {
                    while (System.nanoTime() < until) {
                        long t0 = System.nanoTime();
                        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(e.url()))
                                .timeout(SCRAPE_BOUND).build(), HttpResponse.BodyHandlers.ofString());
                        scrapeMs.add((System.nanoTime() - t0) / 1_000_000);
                        assertEquals(200, r.statusCode());
                        assertTrue(r.body().contains("openmark_operations_total"), r.body());
                        Thread.sleep(100);
                    }
                }
                assertTrue(scrapeMs.size() >= 10, "scrapes answered: " + scrapeMs);
                // 8 s of scraping span two request time-outs: the server dropped the half-open
                // connection, and the client came back, while every scrape was answered
                assertTrue(halfOpenConnections.get() >= 2, "half-open connections made: " + halfOpenConnections);
            } finally {
                attacking.set(false);
                halfOpen.join(5_000);
                slowReader.interrupt();
                slowReader.join(5_000);
            }
        }
    }

    @Test
    @Timeout(30)
    void halfOpenConnection_closedByTheServer_withinItsRequestTimeOut() throws Exception {
        try (MetricsEndpoint e = endpoint(); Socket s = connect(e.port())) {
            OutputStream out = s.getOutputStream();
            out.write(HALF_REQUEST.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long t0 = System.nanoTime();
            // the time-out is checked every second; a few more for a busy machine
            s.setSoTimeout((MetricsEndpoint.MAX_REQUEST_SECONDS + 5) * 1000);
            int read;
            try {
                read = s.getInputStream().read();
            } catch (java.net.SocketException reset) {
                read = -1;
            }
            long heldMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(-1, read, "the server closed it");
            assertTrue(heldMs >= (MetricsEndpoint.MAX_REQUEST_SECONDS - 1) * 1000L, "held " + heldMs + " ms");
        }
    }
}
