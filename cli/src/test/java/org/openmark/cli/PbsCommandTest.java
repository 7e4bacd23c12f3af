package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.config.ConfigException;
import org.openmark.testing.FakeClock;
import picocli.CommandLine;

class PbsCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs the command the way Main does: a ConfigException becomes exit code 2 and a message. */
    private int run(String... args) {
        CommandLine cl = new CommandLine(new PbsCommand().withClock(FakeClock.advancingOnRead(5_000_000)).withWorkingDir(dir));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof ConfigException) {
                commandLine.getErr().println(e.getMessage());
                commandLine.getErr().flush();
                return 2;
            }
            throw e;
        });
        return cl.execute(args);
    }

    @Test
    void call_json_printsEveryConfigWithDocumentedFields() throws IOException {
        assertEquals(0, run("--n", "3", "--t", "10", "--k", "1", "--trials", "2000", "--seed", "7", "--json"));
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertEquals(7, root.get("seed").asLong());
        assertEquals(2000, root.get("trials").asLong());
        assertEquals(9, root.get("configs").size());
        JsonNode first = root.get("configs").get(0);
        for (String field : new String[] {"n", "r", "w", "t", "k", "pConsistent", "readLatencyMs", "writeLatencyMs",
            "tFor99", "tFor999"}) {
            assertTrue(first.has(field), field);
        }
        assertTrue(first.get("readLatencyMs").has("mean") && first.get("readLatencyMs").has("p999"));
        assertTrue(err.toString().contains("# computed 9 (R,W) x 2000 trials in 5.0 ms"), err.toString());
    }

    @Test
    void call_text_printsSeedTableAndTiming() {
        assertEquals(0, run("--n", "2", "--trials", "1000", "--seed", "11", "--read-fanout", "quorum", "--threads", "1"));
        String text = out.toString();
        assertTrue(text.contains("N=2, read at t=10 ms after commit, k=1, read fan-out=quorum, 1000 trials, seed=11"),
                text);
        assertEquals(4, text.lines().filter(l -> l.matches(" [12]  [12] .*")).count(), text);
        assertTrue(text.contains("# computed 4 (R,W) x 1000 trials in 5.0 ms on 1 thread"), text);
    }

    @Test
    void call_withoutSeed_printsTheSeedItChose() {
        assertEquals(0, run("--trials", "500", "--json"));
        assertTrue(out.toString().contains("\"seed\""), out.toString());
    }

    @Test
    void call_sameSeed_sameJson() {
        run("--trials", "10000", "--seed", "3", "--json", "--threads", "1");
        String first = out.toString();
        out.getBuffer().setLength(0);
        run("--trials", "10000", "--seed", "3", "--json", "--threads", "2");
        assertEquals(first, out.toString());
    }

    @Test
    void call_curve_printsPConsistentPerT() throws IOException {
        assertEquals(0, run("--trials", "2000", "--seed", "1", "--curve", "0..4:2", "--json"));
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertEquals(3, root.get("curveTMs").size());
        assertEquals(3, root.get("configs").get(0).get("curve").size());
    }

    @Test
    void call_distributionFlags_overridePreset() throws IOException {
        assertEquals(0, run("--trials", "1000", "--seed", "1", "--json", "--w", "exp(0.5)", "--a=const(1)",
                "--r", "0.9*pareto(0.2,10)+0.1*exp(1.5)", "--s", "uniform(0,1)"));
        JsonNode d = new ObjectMapper().readTree(out.toString()).get("distributions");
        assertEquals("exp(0.5)", d.get("w").asText());
        assertEquals("const(1)", d.get("a").asText());
        assertEquals("0.9*pareto(0.2,10)+0.1*exp(1.5)", d.get("r").asText());
        assertEquals("uniform(0,1)", d.get("s").asText());
    }

    @Test
    void call_samplesCsv_usesMeasuredDelays() throws IOException {
        Files.writeString(dir.resolve("trace.csv"), "kind,ms\nW,1\nW,3\nA,0.5\nR,0.25\nS,0.25\n");
        assertEquals(0, run("--trials", "1000", "--seed", "1", "--json", "--samples", "trace.csv"));
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertEquals("samples(trace.csv:W)", root.get("distributions").get("w").asText());
        // writes take 1 or 3 ms plus a 0.5 ms ack
        double writeMean = root.get("configs").get(0).get("writeLatencyMs").get("mean").asDouble();
        assertTrue(writeMean >= 1.5 && writeMean <= 3.5, "mean write latency " + writeMean);
    }

    @Test
    void call_samplesCsvMissingAKind_exitsTwoNamingIt() throws IOException {
        Files.writeString(dir.resolve("trace.csv"), "W,1\nA,1\nR,1\n");
        assertEquals(2, run("--samples", "trace.csv"));
        assertTrue(err.toString().contains("--samples=trace.csv: no rows of kind S; add S,<ms> rows or give --s"),
                err.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("--samples", "trace.csv", "--s", "const(1)", "--trials", "100"));
    }

    @Test
    void call_badDistribution_exitsTwoWithFlagTextAndRule() {
        assertEquals(2, run("--w=exp(-1)"));
        assertTrue(err.toString().contains("--w=exp(-1): rate must be > 0"), err.toString());
        assertEquals("", out.toString(), "nothing half-written");
    }

    @Test
    void call_badFanoutOrN_exitsTwo() {
        assertEquals(2, run("--read-fanout", "most"));
        assertTrue(err.toString().contains("--read-fanout=most: allowed: all, quorum"), err.toString());
        assertEquals(2, run("--n", "0"));
        assertTrue(err.toString().contains("--n=0: must be between 1 and 16"), err.toString());
    }

    @Test
    void call_notANumber_isAPicocliUsageErrorWithExitTwo() {
        assertEquals(2, run("--trials", "many"));
        assertTrue(err.toString().contains("--trials"), err.toString());
    }
}
