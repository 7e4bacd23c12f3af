package org.openmark.services.prometheus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.openmark.services.server.Packages;
import org.openmark.services.server.PortAttempts;
import org.openmark.services.server.PortPicker;
import org.openmark.services.server.Processes;
import org.openmark.services.server.Server;
import org.openmark.services.server.ServiceFiles;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.ServiceSite;
import org.openmark.services.server.ServiceState;
import org.openmark.services.server.StartOptions;

/**
 * A Prometheus server that scrapes every second whatever NAME/targets/*.json names (its file-based discovery:
 * a test or a user writes {@code [{"targets": ["127.0.0.1:PORT"]}]} there once openmark printed its port), with
 * native histograms on, so openmark's endpoint is asked for protobuf as a current server would. Up when its
 * readiness endpoint answers 200.
 */
public final class PrometheusServer implements Server {
    static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(100);

    private final PortPicker ports;

    public PrometheusServer(PortPicker ports) {
        this.ports = ports;
    }

    @Override
    public Map<String, String> start(ServiceSite site, StartOptions options) {
        Path prometheus = Packages.require("prometheus", "prometheus", "prometheus (the Prometheus server)", site.console());
        Path dir = site.dir();
        Path targets = dir.resolve("targets");
        try {
            Files.createDirectories(targets);
            Files.createDirectories(dir.resolve("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ServiceFiles.write(dir.resolve("prometheus.yml"), config(targets));
        Path log = dir.resolve("prometheus.log");
        int port = PortAttempts.start(site, ports, "prometheus", log, p -> {
            long pid = Processes.launch(List.of(prometheus.toString(), "--config.file=" + dir.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=" + HOST + ":" + p,
                    "--enable-feature=native-histograms"), log);
            ServiceState state = ServiceState.of(ServiceKind.PROMETHEUS, "port", p, "pid", pid);
            site.writeState(state);
            if (site.waitFor(POLL).until(() -> ready(p) || Processes.gone(pid)) && ready(p)) {
                return Optional.of(p);
            }
            stop(site, state);
            return Optional.empty();
        });
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("prometheus.url", "http://" + HOST + ":" + port);
        properties.put("prometheus.targets", targets.toString());
        return properties;
    }

    /** prometheus.yml: every second, the targets the files in {@code targets} name, read again every second. */
    static String config(Path targets) {
        return """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: openmark
                    file_sd_configs:
                      - files: ['%s/*.json']
                        refresh_interval: 1s
                """.formatted(targets);
    }

    @Override
    public boolean answering(ServiceSite site, ServiceState state) {
        return ready((int) state.number("port"));
    }

    /** No target left to scrape (what was scraped before stays in its storage, under the old targets' labels). */
    @Override
    public void reset(ServiceSite site, ServiceState state) {
        try (Stream<Path> files = Files.list(site.dir().resolve("targets"))) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop(ServiceSite site, ServiceState state) {
        long pid = state.number("pid");
        if (Processes.commandLine(pid).filter(c -> c.contains("prometheus")).isPresent()) {
            Processes.terminate(pid, site.time(), site.timeout());
        }
    }

    @Override
    public List<Long> pids(ServiceSite site, ServiceState state) {
        return List.of(state.number("pid"));
    }

    /** True when GET /-/ready answers 200 (HTTP/1.0 on a socket: one request, no client to keep). */
    private static boolean ready(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 2000);
            socket.setSoTimeout(2000);
            socket.getOutputStream().write(("GET /-/ready HTTP/1.0\r\nHost: " + HOST + ":" + port + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String status = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            return status != null && status.matches("HTTP/1\\.[01] 200 .*");
        } catch (IOException e) {
            return false;
        }
    }
}
