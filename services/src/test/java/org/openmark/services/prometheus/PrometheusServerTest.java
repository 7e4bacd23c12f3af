package org.openmark.services.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.Running;
import org.openmark.services.Services;
import org.openmark.services.server.Processes;
import org.openmark.services.server.ServiceKind;
import org.openmark.services.server.StartOptions;
import org.openmark.services.server.TestServices;

/** A real Prometheus server (Debian's prometheus, installed when missing and running as root). */
class PrometheusServerTest {
    @TempDir
    Path base;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @Test
    void config_scrapesTheTargetFilesEverySecond() {
        String yml = PrometheusServer.config(Path.of("/s/p/targets"));
        assertTrue(yml.contains("  scrape_interval: 1s\n") && yml.contains("      - files: ['/s/p/targets/*.json']\n"
                + "        refresh_interval: 1s\n"), yml);
    }

    @Tag("integration")
    @Test
    void started_readyResetForgetsTargetsStopEndsIt() throws Exception {
        Services services = Services.at(base, TestServices.console(said));
        Running p = services.start(ServiceKind.PROMETHEUS, "prom", StartOptions.DEFAULT);
        assertTrue(p.properties().get("prometheus.url").matches("http://127\\.0\\.0\\.1:\\d+"), p.properties()::toString);
        Path targets = Path.of(p.properties().get("prometheus.targets"));
        assertEquals(base.resolve("prom/targets"), targets);
        Files.writeString(targets.resolve("a.json"), "[{\"targets\": [\"127.0.0.1:1\"]}]");
        assertTrue(services.status().get(0).line().startsWith("prom (prometheus) running: prometheus.url=http://127.0.0.1:"));

        services.reuseOrStart(ServiceKind.PROMETHEUS, "prom", StartOptions.DEFAULT);
        try (var left = Files.list(targets)) {
            assertEquals(List.of(), left.toList());
        }
        List<Long> pids = services.pids("prom");
        assertTrue(services.stop("prom"));
        assertTrue(Processes.gone(pids.get(0)), said::toString);
        assertFalse(Files.exists(base.resolve("prom")));
    }
}
