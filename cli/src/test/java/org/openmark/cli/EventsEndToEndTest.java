package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Actions during a run ({@code --event AT:COMMAND}) on the simulated store: run, recorded, marked. */
@Tag("integration")
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
        // due 1 s after the measured start: 2 s after the run's start (the warm-up's), the results' one time base
        assertEquals(2.0, hello.get("startSeconds").asDouble(), 0.5, hello::toString);
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
        // 1 s into the measured time there is no level before it to come back to, and it says so
        assertTrue(hello.path("recovery").path("note").asText().startsWith("no level to come back to: "),
                hello::toString);
        assertTrue(html.contains("<ol id=\"events\">"), "the events listed");
    }

    /**
     * The elasticity figure on a real disturbance: a simulated-store server in its own process,
     * frozen for a second (SIGSTOP, SIGCONT) by the event. The run says latency rose and when it
     * was back at its level, which must be after the freeze ended and within a few seconds of it.
     */
    @Tag("quiet")
    @Test
    void run_serverFrozenByTheEvent_saysWhenLatencyCameBack() throws Exception {
        Path log = dir.resolve("simstore.log");
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(javaCommand, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "simstore", "--port", "0").redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            String port = null;
            for (int i = 0; i < 600 && port == null; i++) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("listening on [0-9.]+:([0-9]+)")
                        .matcher(Files.readString(log));
                port = m.find() ? m.group(1) : null;
                Thread.sleep(100);
            }
            assertTrue(port != null, () -> "the server did not start: " + log);
            Path out = dir.resolve("frozen");
            long pid = server.pid();
            CliRunner r = CliRunner.run("run", "--store", "sim", "-p", "sim.host=127.0.0.1", "-p", "sim.port=" + port,
                    "-p", "recordcount=1000", "--rate", "1000", "--duration", "16s", "--warmup", "2s", "--quiet",
                    "--event", "7s:kill -STOP " + pid + "; sleep 1; kill -CONT " + pid, "--out", out.toString());
            r.assertRan();
            JsonNode event = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("events").get(0);
            JsonNode recovery = event.path("recovery");
            double start = event.path("startSeconds").asDouble();
            assertTrue(recovery.path("disturbed").asBoolean(), event::toString);
            assertTrue(recovery.path("peakP99Us").isNull() || recovery.path("peakP99Us").asDouble() > 500_000,
                    () -> "a second's freeze held operations up for most of it: " + event);
            double after = recovery.path("backAfterSeconds").asDouble(Double.NaN);
            assertTrue(after >= 1 && after <= 6, () -> "back after the freeze, within a few seconds: " + event);
            assertEquals(1.0, recovery.path("resolutionSeconds").asDouble(), 0.05, event::toString);
            assertTrue(r.out.contains("rose to") || r.out.contains("nothing ended OK"), r::toString);
            assertTrue(r.out.contains("s after it started (to within"),
                    r::toString);
        } finally {
            server.destroyForcibly();
        }
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
