package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
    @TempDir
    Path dir;

    private record Outcome(int exitCode, String out, String err) {
    }

    // Runs through Main's handlers (so exit codes are the real ones) with the command added,
    // whether or not OpenmarkCommand already lists it.
    private static Outcome execute(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            CommandLine cl = Main.commandLine(o, e);
            if (!cl.getSubcommands().containsKey("report")) {
                cl.addSubcommand("report", new ReportCommand());
            }
            code = cl.execute(args);
        }
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private void copyGoldenResult() throws IOException {
        try (InputStream in = ReportCommandTest.class.getResourceAsStream("/golden/result.json")) {
            Files.write(dir.resolve("result.json"), in.readAllBytes());
        }
    }

    @Test
    void report_goldenResultAndTimeSeries_writesReportAndExitsZero() throws IOException {
        copyGoldenResult();
        Files.writeString(dir.resolve("timeseries.csv"), """
                elapsed_s,operation,warmup,ops_per_s,p50_us,p90_us,p99_us,p999_us,max_us,in_flight,send_lag_p99_us
                1.000,READ,true,4.0,300,900,1000,1000,1000,2,25
                2.000,READ,false,2.0,250,800,800,800,800,1,20
                2.000,UPDATE,false,3.0,250,350,350,350,350,1,20
                """);
        Outcome o = execute("report", dir.toString());
        assertEquals(0, o.exitCode(), o::toString);
        Path report = dir.resolve("report.html");
        assertTrue(o.out().contains(report.toString()), o::toString);
        String html = Files.readString(report);
        assertEquals(3, html.split("<svg ", -1).length - 1, "latency, throughput and spectrum plots");
        assertFalse(Files.exists(dir.resolve(".report.html.tmp")), "temporary file renamed");
    }

    @Test
    void report_withoutTimeSeries_writesReportWithANote() throws IOException {
        copyGoldenResult();
        Outcome o = execute("report", dir.toString());
        assertEquals(0, o.exitCode(), o::toString);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("timeseries.csv not found"), "note instead of the plots over time");
        assertEquals(1, html.split("<svg ", -1).length - 1, "only the spectrum");
    }

    @Test
    void report_missingResultJson_exitsTwoNamingTheFile() {
        Outcome o = execute("report", dir.toString());
        assertEquals(Main.EXIT_BAD_INPUT, o.exitCode(), o::toString);
        assertTrue(o.err().startsWith("openmark: error: "), o::toString);
        assertTrue(o.err().contains(dir.resolve("result.json") + ": not found"), o::toString);
        assertFalse(Files.exists(dir.resolve("report.html")), "nothing written");
    }

    @Test
    void report_invalidResultJson_exitsTwoNamingTheFile() throws IOException {
        Files.writeString(dir.resolve("result.json"), "{\"seed\": 1, ");
        Outcome o = execute("report", dir.toString());
        assertEquals(Main.EXIT_BAD_INPUT, o.exitCode(), o::toString);
        assertTrue(o.err().contains(dir.resolve("result.json") + ": not valid JSON"), o::toString);
        assertFalse(Files.exists(dir.resolve("report.html")), "nothing written");
    }

    @Test
    void report_jsonThatIsNoResult_exitsTwo() throws IOException {
        Files.writeString(dir.resolve("result.json"), "[1, 2, 3]");
        Outcome o = execute("report", dir.toString());
        assertEquals(Main.EXIT_BAD_INPUT, o.exitCode(), o::toString);
        assertTrue(o.err().contains("not an openmark result"), o::toString);
    }

    @Test
    void report_noSuchDirectory_exitsTwo() {
        Path missing = dir.resolve("nope");
        Outcome o = execute("report", missing.toString());
        assertEquals(Main.EXIT_BAD_INPUT, o.exitCode(), o::toString);
        assertTrue(o.err().contains(missing + ": not a directory"), o::toString);
    }

    @Test
    void report_noDirectoryArgument_exitsTwoWithUsageHint() {
        Outcome o = execute("report");
        assertEquals(Main.EXIT_BAD_INPUT, o.exitCode(), o::toString);
        assertTrue(o.err().contains("DIR"), o::toString);
    }
}
