package org.openmark.services.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesTest {

    @Test
    void isGoneOrZombie_readsTheStateAfterTheCommand() {
        assertFalse(Processes.isGoneOrZombie("14277 (java) S 1 14276 14276 0 -1 4194560 52340"));
        assertTrue(Processes.isGoneOrZombie("14277 (java) Z 1 14276 14276 0 -1 4194560 52340"));
        // a command whose name holds ") " is read from its last one
        assertFalse(Processes.isGoneOrZombie("99 (a) Z b) R 1 99"));
    }

    @Test
    void gone_thisProcess_isNotGone() {
        assertFalse(Processes.gone(ProcessHandle.current().pid()));
        assertTrue(Processes.commandLine(ProcessHandle.current().pid()).orElseThrow().contains("java"));
    }

    @Test
    void run_toolOutlastsItsTimeout_isKilledAndSaysSo(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sleep.out");
        assertEquals(Processes.TIMED_OUT, Processes.run(List.of("sleep", "30"), out, Duration.ofMillis(200)));
        assertEquals(3, Processes.run(List.of("bash", "-c", "echo said; echo warned >&2; exit 3"), out,
                Duration.ofSeconds(30)));
        assertEquals("said\nwarned\n", Files.readString(out));
    }
}
