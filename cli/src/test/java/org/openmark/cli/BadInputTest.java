package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every kind of bad input: one clear line naming the flag or property, exit code 2, nothing written. */
class BadInputTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown store|run --store mongo|store=mongo: must be one of",
        "enum typo|run --store memory -p requestdistribution=zipfan|requestdistribution=zipfan: must be one of",
        "proportions all zero|run --store memory -p readproportion=0 -p updateproportion=0|proportion",
        "negative count|run --store memory -p recordcount=-5|recordcount=-5",
        "non-numeric count|run --store memory -p operationcount=lots|operationcount=lots: must be a whole number",
        "missing -P file|run --store memory -P /no/such/workload|-P=/no/such/workload: no such file",
        "bad pair|run --store memory -p recordcount|-p=recordcount: must be name=value",
        "conflicting flags|run --store memory --model open -target 100|target=100: applies to the closed model only",
        "rate with closed|run --store memory -threads 2 --rate 100|rate=100: applies to the open model only",
        "bad arrival|run --store memory --arrival poison|arrival=poison: must be one of",
        "bad duration|run --store memory --duration soon|duration=soon: must be a duration",
        "warmup too long|run --store memory --duration 5s --warmup 10s|warmup=10s: must be shorter",
        "no stop condition|run --store memory -p operationcount=0|operationcount=0 and no duration",
        "bad model|run --store memory --model half-open|model=half-open: must be one of open, closed",
    })
    void run_badInput_exitsTwoWithOneClearLine(String label, String args, String expected) {
        Path out = dir.resolve(label.replace(' ', '_'));
        String[] argv = (args + " --quiet --out " + out).split(" ");
        CliRunner r = CliRunner.run(argv);
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains(expected), r::toString);
        assertTrue(r.err.startsWith("openmark: error: "), r::toString);
        assertFalse(Files.exists(out.resolve("result.json")), "nothing written");
        assertEquals("", r.out, "nothing on stdout");
    }

    @Test
    void unknownSubcommand_exitsTwo() {
        CliRunner r = CliRunner.run("rnu");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("rnu"), r::toString);
    }

    @Test
    void unknownFlag_exitsTwo() {
        CliRunner r = CliRunner.run("run", "--treads", "4");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--treads"), r::toString);
    }

    @Test
    void load_workloadFileWithOperationcount_noUnknownPropertyWarning() {
        CliRunner r = CliRunner.run("load", "--store", "memory", "-P", "../workloads/workloada", "-p", "recordcount=50",
                "--quiet");
        assertEquals(0, r.exitCode, r::toString);
        assertFalse(r.err.contains("unknown property"), r::toString);
    }

    @Test
    void load_badOperationcount_exitsTwoNamingIt() {
        CliRunner r = CliRunner.run("load", "--store", "memory", "-p", "recordcount=50", "-p", "operationcount=abc");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("operationcount"), r::toString);
    }

    @Test
    void misspeltProperty_warnsWithCloseMatchAndRuns() {
        CliRunner r = CliRunner.run("run", "--store", "memory", "-p", "recordcont=50", "-p", "operationcount=100",
                "--rate", "10000", "--quiet");
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.err.contains("unknown property 'recordcont' is ignored (did you mean recordcount?)"), r::toString);
    }
}
