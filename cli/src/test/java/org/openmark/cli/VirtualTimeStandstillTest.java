package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run in virtual time that nothing but the store's calls could advance, on a store whose calls
 * take no time: refused before it starts (BadInputTest), runnable with each remedy the refusal
 * names, and, when the store takes time only for calls the workload never makes, given up as it
 * runs instead of hanging.
 */
@Timeout(300)
class VirtualTimeStandstillTest {
    private static final String BASE = "run --store sim --time virtual --duration 1s -p recordcount=100 --seed 7 --quiet";

    @TempDir
    Path dir;

    private static CliRunner run(String args) {
        return CliRunner.run(args.split(" "));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-threads 2 -p sim.latency=1ms", "-threads 2 -p sim.maxthroughput=10000",
        "-threads 2 -target 1000", "-threads 2 -p thinktime=1ms", "--model open --rate 1000"})
    void eachRemedyTheRefusalNames_makesTheRunEndAfterItsDuration(String remedy) {
        CliRunner r = run(BASE + " " + remedy);
        assertEquals(0, r.exitCode, r::toString);
        // paced, the last operation may end a tick after the duration
        Matcher runtime = Pattern.compile("\\[OVERALL], RunTime\\(ms\\), (\\d+)").matcher(r.out);
        assertTrue(runtime.find(), r::toString);
        long ms = Long.parseLong(runtime.group(1));
        assertTrue(ms >= 1000 && ms <= 1002, r::toString);
    }

    @Test
    void boundByOperations_theRunEndsAndSaysItHasNoThroughput() {
        CliRunner r = run(BASE + " -threads 2 -p operationcount=2000");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("[OVERALL], Throughput(ops/sec), 0.0"), r::toString);
        assertTrue(r.err.contains("no time passed in the run: its 2,000 operations were all answered at the same"
                + " instant of virtual time"), r::toString);
    }

    /**
     * Writes wait for a second node's acknowledgement, so the store says its calls take time; the
     * workload only reads, from the primary, which answers at once.
     */
    @Test
    void readsThatTakeNoTimeOnAStoreWhoseWritesDo_theRunIsGivenUpNotHung() throws Exception {
        Path out = dir.resolve("standstill");
        List<String> argv = new ArrayList<>(List.of(("run --store sim --time virtual -P ../workloads/workloadc"
                + " -threads 2 --duration 1s -p recordcount=100 -p sim.secondaries=1 -p sim.writeconcern=2"
                + " -p sim.replicationdelay=1ms --seed 7 --quiet --out").split(" ")));
        argv.add(out.toString());
        CliRunner r = CliRunner.run(argv.toArray(String[]::new));
        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(r.err.contains("virtual time stood still: a client made 1,000,000 operations in a row at one"
                + " instant"), r::toString);
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        assertFalse(result.get("valid").asBoolean());
        assertEquals(1_000_000, result.get("accounting").get("issued").asLong(), result::toString);
    }
}
