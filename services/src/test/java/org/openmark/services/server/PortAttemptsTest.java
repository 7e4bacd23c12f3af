package org.openmark.services.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortAttemptsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    private ServiceSite site() {
        return new ServiceSite("s", dir, Duration.ofSeconds(1), TestServices.console(said), new FakeTime());
    }

    /** A picker that offers 20011, 20012, 20013 in turn, nothing listening. */
    private static PortPicker ports() {
        Iterator<Integer> offsets = List.of(11, 12, 13).iterator();
        return new PortPicker(span -> offsets.next(), (ip, port) -> false, 100, 1);
    }

    @Test
    void start_firstPortFails_theSecondIsTriedAndTheFailureSaidWithTheLog() throws Exception {
        Files.writeString(dir.resolve("server.log"), "Address already in use\n");
        List<Integer> tried = new ArrayList<>();
        int port = PortAttempts.start(site(), ports(), "redis-server", dir.resolve("server.log"), p -> {
            tried.add(p);
            return p == 20011 ? Optional.empty() : Optional.of(p);
        });
        assertEquals(20012, port);
        assertEquals(List.of(20011, 20012), tried);
        assertEquals("openmark-services: redis-server did not start on port 20011 (attempt 1); log tail:\n"
                + "Address already in use\n", said.toString(StandardCharsets.UTF_8));
    }

    @Test
    void start_everyTryFails_failsNamingTheLogAfterThree() {
        List<Integer> tried = new ArrayList<>();
        CommandException e = assertThrows(CommandException.class, () -> PortAttempts.start(site(), ports(), "postgres",
                dir.resolve("postgres.log"), p -> {
                    tried.add(p);
                    return Optional.empty();
                }));
        assertEquals(List.of(20011, 20012, 20013), tried);
        assertEquals("postgres failed to start; see " + dir.resolve("postgres.log"), e.getMessage());
    }
}
