package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on runs of the simulated store in virtual time (exact and fast): identical
 * configurations with other seeds are "no significant difference", a 10 % slower store is caught
 * at p50 and mean, a 1 % slower one is not claimed; the CI gate; bad input; golden outputs.
 */
class CompareEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    /** One minute of an update-only workload at 2000 ops/s against exponential service times of the given mean. */
    private static Path run(String name, String meanLatency, int seed) {
        Path out = dir.resolve(name);
        CliRunner r = CliRunner.run("run", "--store", "sim", "-p", "sim.latency=exp(" + meanLatency + ")", "-p",
                "sim.seed=" + seed, "-p", "readproportion=0", "-p", "updateproportion=1", "-p", "recordcount=1000",
                "--rate", "2000", "--duration", "60s", "--seed", String.valueOf(seed), "--time", "virtual", "--quiet",
                "--out", out.toString());
        assertEquals(0, r.exitCode, r::toString);
        return out;
    }

    @BeforeAll
    static void runs() {
        run("baseline", "1ms", 1);
        run("same", "1ms", 2);
        run("slower10", "1.1ms", 3);
        run("slower1", "1.01ms", 4);
    }

    private static CliRunner compare(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRunner.run(all);
    }

    private static String p(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void sameConfigurationOtherSeed_noSignificantDifferenceAndTheGatePasses() {
        CliRunner r = compare(p("baseline"), p("same"), "--fail-if-slower", "5%");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("Summary: no significant difference in any operation"), r::toString);
    }

    @Test
    void tenPercentSlowerStore_caughtAtP50AndMeanAndTheGateFails() throws Exception {
        Path out = dir.resolve("cmp10");
        CliRunner r = compare(p("baseline"), p("slower10"), "--fail-if-slower", "5%", "--out", out.toString());
        assertEquals(1, r.exitCode, r::toString);
        JsonNode update = JSON.readTree(out.resolve("compare.json").toFile()).at("/comparisons/0/operations/UPDATE");
        for (String metric : new String[] {"response p50 (us)", "response mean (us)"}) {
            JsonNode m = update.get(metric);
            assertTrue(m.get("significant").asBoolean(), metric + ": " + m);
            assertEquals("slower", m.get("verdict").asText(), metric + ": " + m);
            assertTrue(m.get("relativeChange").asDouble() > 0.05 && m.get("relativeChange").asDouble() < 0.15,
                    metric + ": " + m);
        }
        assertTrue(r.err.contains("significantly slower by more than 5%"), r::toString);
    }

    @Test
    void onePercentSlowerStore_notClaimed() {
        CliRunner r = compare(p("baseline"), p("slower1"), "--fail-if-slower", "5%");
        assertEquals(0, r.exitCode, r::toString);
        assertFalse(r.out.contains("| slower") || r.out.contains("  slower\n"), r::toString);
    }

    @Test
    void severalRuns_eachAgainstTheFirst() {
        CliRunner r = compare(p("baseline"), p("same"), p("slower10"));
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("same against the baseline baseline"), r::toString);
        assertTrue(r.out.contains("slower10 against the baseline baseline"), r::toString);
    }

    @Test
    void differentWork_isWarnedAbout() {
        CliRunner r = compare(p("baseline"), p("slower10"));
        assertTrue(r.out.contains("Warning:") == r.out.contains("differs:"), r::toString);
    }

    @Test
    void badInput_exitTwoNamingTheProblem() throws IOException {
        CliRunner one = compare(p("baseline"));
        assertEquals(2, one.exitCode, one::toString);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRunner missing = compare(p("baseline"), empty.toString());
        assertEquals(2, missing.exitCode, missing::toString);
        assertTrue(missing.err.contains("result.json: not found"), missing::toString);
        CliRunner gate = compare(p("baseline"), p("same"), "--fail-if-slower", "fast");
        assertEquals(2, gate.exitCode, gate::toString);
        assertTrue(gate.err.contains("--fail-if-slower=fast"), gate::toString);
    }

    /** The text and compare.json are sealed by golden files (regenerate with -Dopenmark.golden.update=true). */
    @Test
    void outputs_matchGolden() throws Exception {
        Path out = dir.resolve("golden");
        CliRunner r = compare(p("baseline"), p("slower10"), "--out", out.toString());
        String text = r.out.replace(dir.toString(), "DIR");
        String json = Files.readString(out.resolve("compare.json"));
        assertEquals(golden("compare.txt", text), text);
        assertEquals(golden("compare.json", json), json);
    }

    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("openmark.golden.update")) {
            Path p = Path.of("src/test/resources/golden", name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, actual);
            return actual;
        }
        try (InputStream in = CompareEndToEndTest.class.getResourceAsStream("/golden/" + name)) {
            if (in == null) {
                throw new AssertionError("missing golden file " + name + " (run with -Dopenmark.golden.update=true)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
