package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RateCommandTest {

    private record Outcome(int exitCode, String out, String err) {
    }

    private static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new RateCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void call_papersQuadraticGolden_printsTheExactRatingAndCounts() {
        Outcome o = execute("--curve", "quadratic:peak=100000000", "--search", "golden", "--climb", "4");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().startsWith("Rating: 100,000,000 ops/s at load 10000 threads\n"), o.out());
        assertTrue(o.out().contains("Experiments: 29 unique, 35 requested (6 memo hits)"), o.out());
    }

    @Test
    void call_approximateWithSlaAndJson_printsJsonWithRatingAndConfirmation() throws Exception {
        Outcome o = execute("--curve", "quadratic:peak=100000000", "--search", "approximate", "--climb", "4",
                "--epsilon", "5%", "--sla", "p95<=1ms, for 10m", "--json");
        assertEquals(0, o.exitCode(), o.err());
        JsonNode json = new ObjectMapper().readTree(o.out());
        assertEquals(10_240, json.at("/rating/load").asLong());
        assertEquals(12, json.at("/rating/uniqueExperiments").asInt());
        assertEquals(12, json.at("/rating/totalExperiments").asInt());
        assertTrue(json.at("/rating/confirmed").asBoolean());
        assertEquals("approximate", json.at("/search/strategy").asText());
    }

    @Test
    void call_slaCap_ratesBelowTheCap() {
        Outcome o = execute("--curve", "sqrt:scale=1000,slacap=5000");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().startsWith("Rating: 70,711 ops/s at load 5000 threads"), o.out());
    }

    @Test
    void call_timeFlags_addUpInTheTimeLine() {
        Outcome o = execute("--curve", "quadratic:peak=100000000", "--climb", "4", "--load-time", "20m",
                "--reload", "image", "--reload-time", "2m", "--warmup", "30s", "--experiment", "1m",
                "--sla", "p95<=1ms, for 10m");
        assertEquals(0, o.exitCode(), o.err());
        // 29 experiments and 1 confirmation: 20m + 29 image restores x 2m + 29 x 1m30s + 1 x 10m30s
        // = 20m + 58m + 43m30s + 10m30s = 2h12m
        assertTrue(o.out().contains("initial load ζ 20m + reloads ω·ν 29 x 2m + experiments η·(warm-up + δ) 29 x (30s + 1m)"
                + " + confirmation 1 x (30s + 10m) = 2h12m"), o.out());
    }

    /** One duration syntax in every command: a bare number is seconds for rate as for run. */
    @Test
    void call_bareNumbersAsDurations_secondsAsEverywhere() {
        Outcome o = execute("--curve", "quadratic:peak=100000000", "--climb", "4", "--load-time", "1200",
                "--reload", "image", "--reload-time", "120", "--warmup", "30", "--experiment", "60",
                "--sla", "p95<=1ms, for 10m");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("initial load ζ 20m + reloads ω·ν 29 x 2m + experiments η·(warm-up + δ) 29 x (30s + 1m)"),
                o.out());
    }

    @Test
    void call_badSla_exitsWithUsageErrorNamingTheFlag() {
        Outcome o = execute("--curve", "quadratic:peak=100", "--sla", "p95<100ms");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("--sla=p95<100ms: "), o.err());
        assertTrue(o.out().isEmpty(), o.out());
    }

    @Test
    void call_badSearchAndClimb_exitWithTheRule() {
        Outcome search = execute("--curve", "quadratic:peak=100", "--search", "goldn");
        assertEquals(2, search.exitCode());
        assertTrue(search.err().contains("--search=goldn: must be one of golden, approximate (did you mean golden?)"),
                search.err());
        Outcome climb = execute("--curve", "quadratic:peak=100", "--climb", "1");
        assertEquals(2, climb.exitCode());
        assertTrue(climb.err().contains("--climb=1: must be > 1"), climb.err());
    }

    @Test
    void call_help_printsPercentSignsWithoutFormatWarnings() {
        // picocli reports a bad format string on System.err (its tracer), not on the command's err.
        PrintStream systemErr = System.err;
        ByteArrayOutputStream traced = new ByteArrayOutputStream();
        Outcome o;
        try {
            System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8));
            o = execute("--help");
        } finally {
            System.setErr(systemErr);
        }
        assertEquals(0, o.exitCode());
        assertTrue(o.out().contains("unpredictable<=0.1%, for 10m") && o.out().contains("(default: 5%)"), o.out());
        assertEquals("", traced.toString(StandardCharsets.UTF_8));
    }
}
