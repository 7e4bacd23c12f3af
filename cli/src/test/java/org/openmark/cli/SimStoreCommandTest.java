package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreProperties;
import org.openmark.store.sim.SimStoreFactory;
import org.openmark.store.sim.engine.TruthReport;
import org.openmark.store.sim.server.SimServer;
import picocli.CommandLine;

class SimStoreCommandTest {

    @Test
    void call_servesUntilInterrupted_thenWritesTruthAndSamples(@TempDir Path dir) throws Exception {
        Path truth = dir.resolve("truth.json");
        Path wars = dir.resolve("wars");
        SimStoreCommand command = new SimStoreCommand();
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        int[] exit = {-1};
        Thread t = Thread.ofPlatform().start(() -> exit[0] = cl.execute("--port", "0", "-p", "sim.latency=0ms",
                "-p", "sim.secondaries=1", "-p", "sim.replicationdelay=1ms", "--seed", "5",
                "--truth-file", truth.toString(), "--wars-dir", wars.toString()));
        SimServer server = command.awaitStarted();
        assertTrue(out.toString().startsWith("simstore listening on 127.0.0.1:" + server.port()), out.toString());
        try (Store store = new SimStoreFactory().open(StoreProperties.of(Map.of("sim.port",
                Integer.toString(server.port()))), Clock.system())) {
            Session s = store.newSession();
            assertEquals(Status.OK, s.insert("t", "k", Map.of("f", new byte[] {1})));
            assertEquals(Status.OK, s.read("t", "k", null, new HashMap<>()));
        }
        t.interrupt();
        t.join();
        assertEquals(0, exit[0]);
        TruthReport report = TruthReport.fromJson(Files.readString(truth));
        assertEquals(5, report.seed());
        assertEquals(1, report.operations().get("INSERT").count());
        assertEquals(List.of("0", "1"), Files.readAllLines(wars.resolve("w.txt")));
    }

    @Test
    void call_badProperty_exitCode2NamingIt() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SimStoreCommand());
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("--port", "0", "-p", "sim.writeconcern=7"));
        assertTrue(err.toString().contains("sim.writeconcern=7"), err.toString());
        assertEquals(2, new CommandLine(new SimStoreCommand()).setErr(new PrintWriter(new StringWriter()))
                .execute("-p", "sim.host=x"));
    }

    @Test
    void call_portTaken_exitCode1() throws Exception {
        try (SimServer busy = SimServer.start(
                org.openmark.store.sim.model.SimConfig.singleNode(new org.openmark.store.sim.model.Distribution.Constant(0), 1),
                null, 0, Clock.system())) {
            StringWriter err = new StringWriter();
            CommandLine cl = new CommandLine(new SimStoreCommand());
            cl.setErr(new PrintWriter(err, true));
            assertEquals(1, cl.execute("--port", Integer.toString(busy.port())));
            assertTrue(err.toString().contains("cannot listen"), err.toString());
        }
    }
}
