package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Actions during a run ({@code --event AT:COMMAND}) on the simulated store: run, recorded, marked. */
class EventsEndToEndTest {
    @TempDir
    Path dir;

    @Test
    void run_eventsAtTheirTimes_recordedWithExitCodesOutputAndMarks() throws Exception {
        Path out = dir.resolve("r");
        CliRunner r = CliRunner.run("run", "--store", "sim", "-p", "recordcount=100", "--rate", "200", "--duration", "3s",
                "--warmup", "1s", "--quiet", "--seed", "1", "--event", "1s:echo hello from the event",
                "--event", "1500ms:exit 3", "--event", "60s:echo never", "--out", out.toString());
        r.assertRan();

        JsonNode events = new ObjectMapper().readTree(out.resolve("result.json").toFile()).get("events");
        assertEquals(3, events.size(), events::toString);
        JsonNode hello = events.get(0);
        assertEquals(1.0, hello.get("atSeconds").asDouble());
        assertEquals(1.0, hello.get("startSeconds").asDouble(), 0.5, hello::toString);
        assertEquals(0, hello.get("exitCode").asInt());
        assertEquals("hello from the event", Files.readString(Path.of(hello.get("output").asText())).trim());
        assertEquals(3, events.get(1).get("exitCode").asInt());
        assertTrue(events.get(2).get("startSeconds").isNull());
        assertTrue(events.get(2).get("note").asText().startsWith("not run: the run ended at"), events::toString);

        assertTrue(r.out.contains("[EVENT], 1s:echo hello from the event, started at "), r::toString);
        assertTrue(r.out.contains("[EVENT], 1.5s:exit 3, started at ") && r.out.contains("exit code 3"), r::toString);
        assertTrue(r.err.contains("openmark: warning: event 1.5s:exit 3: ended with exit code 3"), r::toString);
        assertTrue(r.err.contains("openmark: warning: event 1m:echo never: not run"), r::toString);
        String html = Files.readString(out.resolve("report.html"));
        // two events ran: each marked on both plots over time
        assertEquals(4, html.split("class=\"event-marker\"", -1).length - 1, "markers");
        assertTrue(html.contains("event 1: echo hello from the event"), "labelled");
    }

    @Test
    void badEvents_exitTwoNamingTheFlag() {
        CliRunner noCommand = CliRunner.run("run", "--store", "sim", "--duration", "1s", "--event", "60s");
        assertEquals(Main.EXIT_BAD_INPUT, noCommand.exitCode, noCommand::toString);
        assertTrue(noCommand.err.contains("--event=60s: must be AT:COMMAND"), noCommand::toString);

        CliRunner badTime = CliRunner.run("run", "--store", "sim", "--duration", "1s", "--event", "soon:echo");
        assertEquals(Main.EXIT_BAD_INPUT, badTime.exitCode, badTime::toString);
        assertTrue(badTime.err.contains("--event"), badTime::toString);

        CliRunner virtual = CliRunner.run("run", "--store", "sim", "--duration", "1s", "--time", "virtual", "--event",
                "1s:echo");
        assertEquals(Main.EXIT_BAD_INPUT, virtual.exitCode, virtual::toString);
        assertTrue(virtual.err.contains("needs --time real"), virtual::toString);

        CliRunner cluster = CliRunner.run("run", "--local-workers", "2", "--duration", "1s", "--event", "1s:echo");
        assertEquals(Main.EXIT_BAD_INPUT, cluster.exitCode, cluster::toString);
        assertTrue(cluster.err.contains("not available with --cluster"), cluster::toString);
    }
}
