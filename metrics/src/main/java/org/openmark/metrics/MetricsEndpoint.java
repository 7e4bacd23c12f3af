package org.openmark.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.openmark.config.ConfigException;

/**
 * The HTTP endpoint Prometheus scrapes ({@code /metrics}), served by the Java client's own
 * server, which answers in the format the scraper asks for (Prometheus text, OpenMetrics, or
 * protobuf with native histograms). Bound when the command starts, before anything is measured,
 * so that a port in use is bad input and not a run lost at its end.
 *
 * <p>No client can block it: the JDK's server reads a request on a thread of its pool, so a client
 * that sends half a request and waits ({@code GET /metrics HTTP/1.1\r\nHost: x\r\n} and nothing
 * more) held the only thread, and every other scrape waited until it closed. Now the pool has
 * {@value #SERVER_THREADS} threads, a request must arrive within {@value #MAX_REQUEST_SECONDS} s
 * and a response be taken within {@value #MAX_RESPONSE_SECONDS} s (or the connection is closed),
 * and at most {@value #MAX_CONNECTIONS} connections are open at once (more wait to be accepted).
 * The JDK's server reads these settings once, from system properties, when its first server is
 * made; one the user set on the command line ({@code -Dsun.net.httpserver.maxReqTime=…}) is kept.
 */
public final class MetricsEndpoint implements AutoCloseable {
    /**
     * Scrapes are served two at a time: a scraper that hammers the endpoint gets two cores at most,
     * and a client that holds one thread with a request it never finishes leaves the other.
     */
    static final int SERVER_THREADS = 2;
    /** Seconds a connection may take to send its request (a scraper sends it at once). */
    static final int MAX_REQUEST_SECONDS = 3;
    /** Seconds a connection may take to take its response (a few hundred KiB at most). */
    static final int MAX_RESPONSE_SECONDS = 10;
    /** Connections open at once; more wait in the listen queue until one closes. */
    static final int MAX_CONNECTIONS = 32;
    /** The JDK HTTP server's switch for TCP_NODELAY on its connections. */
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    /**
     * The client library's log of a response it could not send. A client that hangs up, or is cut
     * off for taking too long, is the client's business: its IOException, with its stack trace, must
     * not land in the middle of a run's progress lines. Held here, as the logging framework keeps
     * loggers only weakly.
     */
    private static final java.util.logging.Logger SEND_LOG = java.util.logging.Logger.getLogger(
            "io.prometheus.metrics.exporter.httpserver.HttpExchangeAdapter");

    static {
        SEND_LOG.setFilter(r -> !(r.getThrown() instanceof IOException));
    }

    private final HTTPServer server;
    private final ExecutorService executor;
    private final MetricsAddress address;

    private MetricsEndpoint(HTTPServer server, ExecutorService executor, MetricsAddress address) {
        this.server = server;
        this.executor = executor;
        this.address = address;
    }

    /**
     * Starts serving {@code registry} at {@code address}.
     *
     * @throws ConfigException when the port is in use or the address cannot be bound (exit 2)
     */
    public static MetricsEndpoint start(MetricsAddress address, PrometheusRegistry registry) {
        if (address.port() != 0) {
            refuseIfInUse(address);
        }
        // The JDK's HTTP server leaves Nagle's algorithm on unless told (read once, when its first
        // server is made): its response goes out in several writes, and each waited for the
        // scraper's delayed ACK, 40 ms at a time (a scrape's median 49 ms against 10 ms with it off,
        // measured on a busy 2-core machine).
        defaultProperty(NO_DELAY, "true");
        defaultProperty("sun.net.httpserver.maxReqTime", String.valueOf(MAX_REQUEST_SECONDS));
        defaultProperty("sun.net.httpserver.maxRspTime", String.valueOf(MAX_RESPONSE_SECONDS));
        defaultProperty("jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS));
        ExecutorService executor = Executors.newFixedThreadPool(SERVER_THREADS, r -> {
            Thread t = new Thread(r, "openmark-metrics");
            t.setDaemon(true);
            return t;
        });
        try {
            HTTPServer server = HTTPServer.builder().inetAddress(address.address()).port(address.port())
                    .registry(registry).executorService(executor).buildAndStart();
            return new MetricsEndpoint(server, executor, address);
        } catch (IOException e) {
            executor.shutdownNow();
            throw ConfigException.of(address.flag(), address.text(), "cannot listen there (" + e.getMessage() + ")");
        }
    }

    private static void defaultProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * The JDK's HTTP server sets SO_REUSEADDR, so on some systems it binds a port another socket
     * listens on; a plain server socket (which does not) finds the port in use first.
     */
    private static void refuseIfInUse(MetricsAddress address) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(false);
            probe.bind(new InetSocketAddress(address.address(), address.port()));
        } catch (BindException e) {
            throw ConfigException.of(address.flag(), address.text(), "port " + address.port() + " is in use on "
                    + address.address().getHostAddress() + ": choose another, or 0 for a free one");
        } catch (IOException e) {
            throw ConfigException.of(address.flag(), address.text(), "cannot listen there (" + e.getMessage() + ")");
        }
    }

    /** The port it listens on (the one picked, for port 0). */
    public int port() {
        return server.getPort();
    }

    /** The URL to scrape, e.g. {@code http://127.0.0.1:9464/metrics}. */
    public String url() {
        String host = address.address().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/metrics";
    }

    /** Stops serving; a scrape under way is let finish for up to a second. */
    @Override
    public void close() {
        server.close();
        executor.shutdownNow();
    }
}
