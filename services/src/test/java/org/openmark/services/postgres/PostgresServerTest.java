package org.openmark.services.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

/** A real PostgreSQL server (Debian's postgresql, installed when missing and running as root). */
class PostgresServerTest {
    @TempDir
    Path base;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @Test
    void newestBin_byVersionNumber(@TempDir Path versions) throws Exception {
        for (String v : List.of("9.6", "15", "13")) {
            Path initdb = Files.createDirectories(versions.resolve(v).resolve("bin")).resolve("initdb");
            Files.writeString(initdb, "");
            assertTrue(initdb.toFile().setExecutable(true));
        }
        Files.createDirectories(versions.resolve("16/bin"));
        assertEquals(versions.resolve("15/bin"), PgTools.newestBin(versions).orElseThrow());
    }

    @Tag("integration")
    @Test
    void started_passwordCheckedResetEmptiesStopEndsIt() {
        Services services = Services.at(base, TestServices.console(said));
        Running pg = services.start(ServiceKind.POSTGRES, "pg", StartOptions.DEFAULT);
        String url = pg.properties().get("jdbc.url");
        assertTrue(url.matches("jdbc:postgresql://127\\.0\\.0\\.1:\\d+/openmark"), url);
        assertEquals("openmark", pg.properties().get("jdbc.user"));
        String port = url.replaceAll(".*:(\\d+)/.*", "$1");
        String password = pg.properties().get("jdbc.password");
        PgTools tools = PgTools.find(TestServices.console(said));

        assertTrue(psql(tools, port, password, "CREATE TABLE t (k int)").ok(), said::toString);
        Processes.Output wrong = psql(tools, port, password + "x", "SELECT 1");
        assertFalse(wrong.ok());
        assertTrue(wrong.text().contains("password authentication failed"), wrong.text());

        services.reuseOrStart(ServiceKind.POSTGRES, "pg", StartOptions.DEFAULT);
        assertEquals("0", psql(tools, port, password, "SELECT count(*) FROM pg_tables WHERE tablename = 't'").text().strip());

        List<Long> pids = services.pids("pg");
        assertEquals(1, pids.size());
        assertTrue(services.stop("pg"));
        assertTrue(Processes.gone(pids.get(0)), said::toString);
        assertFalse(Files.exists(base.resolve("pg")));
    }

    private static Processes.Output psql(PgTools tools, String port, String password, String sql) {
        return tools.client(Duration.ofSeconds(30), password, "psql", "-h", "127.0.0.1", "-p", port, "-U", "openmark", "-d",
                "openmark", "-tAc", sql);
    }

    @Test
    void configuration_loopbackOnlyNoSocket() {
        assertTrue(PostgresServer.configuration().startsWith("listen_addresses = '127.0.0.1'\nunix_socket_directories = ''\n"));
    }
}
