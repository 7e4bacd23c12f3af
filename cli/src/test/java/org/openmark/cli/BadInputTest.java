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
        "duration zero|run --store memory --duration 0|duration=0: must be > 0: a run of no time measures nothing",
        "bad model|run --store memory --model half-open|model=half-open: must be one of open, closed",
        "absurd rate|run --store memory --rate 1e30 --duration 2s|rate=1.0E30: must be > 0 and <= 100000000 ops/s",
        "load with a rate|load --store memory --rate 5000|--rate=5000: the load phase inserts every record once",
        "load with a duration|load --store memory --duration 5s|--duration=5s: the load phase inserts every record",
        "txn-overhead without transactions|txn-overhead --store memory --no-txn|--no-txn=true: txn-overhead runs the"
                + " workload both with and without",
        "txn-overhead in virtual time|txn-overhead --store memory --time virtual|--time=virtual: txn-overhead runs"
                + " in real time",
        "virtual time that cannot pass|run --store sim --time virtual -threads 2 --duration 1s|--time=virtual: store"
                + " 'sim' answers in no virtual time and the closed model waits for nothing else",
        "virtual time on noop|run --store noop --time virtual -threads 2 --duration 1s|--time=virtual: store 'noop'"
                + " answers in no virtual time",
        "unknown exporter|run --store memory -p exporter=site.ycsb.measurements.exporter.XmlExporter|exporter=site.ycsb"
                + ".measurements.exporter.XmlExporter: must name one of YCSB's exporters",
        "exportfile a directory|run --store memory -p exportfile=/tmp|exportfile=/tmp: is a directory, not a file",
        "bin/ycsb binding openmark has no store for|run mongodb|BINDING=mongodb: openmark knows bin/ycsb's names basic,"
                + " cassandra-cql, jdbc, redis, rocksdb; any other YCSB binding runs as -db CLASS",
        "binding and --store|run basic --store memory|BINDING=basic: name the store once",
    })
    void run_badInput_exitsTwoWithOneClearLine(String label, String args, String expected) {
        badInput(label, args + " --quiet", expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "rate in virtual time on rocksdb|rate --store rocksdb --time virtual|--time=virtual: virtual time is for the"
                + " simulated store (--store sim)",
        "rate in virtual time that cannot pass|rate --store sim --time virtual --duration 1s --warmup 0s --max-load 2"
                + "|--time=virtual: store 'sim' answers in no virtual time",
        "experiment latency|experiment coordinated-omission --client-latency foo|--client-latency=foo: must be",
        "experiment arrival|experiment coordinated-omission --arrival poison|--arrival=poison: must be one of",
        "staleness rate|staleness --store sim --time virtual --rate 1e30|--rate=1.0E30: must be > 0 and <= 100000000",
        "staleness error budget|staleness --store sim --time virtual --max-error-rate lots|--max-error-rate=lots:"
                + " must be a share",
        "staleness probes NaN|staleness --store sim --time virtual --probes NaN|--probes=[NaN]: offsets must be finite"
                + " numbers of ms, >= 0 and strictly ascending",
        "rate sla with empty clauses|rate --store sim --time virtual -p sim.latency=1ms --sla p95<=1ms,, --duration 1s"
                + " --warmup 0s --max-load 2|--sla=p95<=1ms,,: has an empty clause (two commas in a row, or one at an end)",
        "staleness noop|staleness --store noop --time virtual|--store=noop: keeps nothing it is written, so no write can"
                + " be read back; staleness needs a store that keeps its writes: ",
    })
    void otherCommands_badInput_exitsTwoWithOneClearLine(String label, String args, String expected) {
        badInput(label, args, expected);
    }

    private void badInput(String label, String args, String expected) {
        Path out = dir.resolve(label.replace(' ', '_'));
        String[] argv = (args + " --out " + out).split(" ");
        CliRunner r = CliRunner.run(argv);
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains(expected), r::toString);
        assertTrue(r.err.startsWith("openmark: error: "), r::toString);
        assertFalse(Files.exists(out), "nothing written");
        assertEquals("", r.out, "nothing on stdout");
    }

    @Test
    void rateTogetherWithRateSchedule_exitsTwoNamingBoth() {
        CliRunner r = CliRunner.run("run", "--store", "memory", "--rate", "100", "--rate-schedule",
                "steps:10,20 every 1s", "--quiet");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("rate=100: cannot be given with rate.schedule (--rate-schedule)"), r::toString);
    }

    @Test
    void binaryPropertyFile_exitsTwoBeforeAnyWarning() throws Exception {
        Path binary = dir.resolve("workload.bin");
        byte[] bytes = new byte[4096];
        new java.util.Random(7).nextBytes(bytes);
        bytes[10] = 0;
        Files.write(binary, bytes);
        CliRunner r = CliRunner.run("run", "--store", "memory", "-P", binary.toString(), "--quiet");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: -P=" + binary + ": is not a property file"), r::toString);
        assertFalse(r.err.contains("unknown property"), r::toString);
    }

    @Test
    void operationcountInAFile_checkedEvenWhenADurationRulesIt() throws Exception {
        Path file = dir.resolve("workload");
        Files.writeString(file, "workload=core\nrecordcount=50\noperationcount=abc\n");
        CliRunner r = CliRunner.run("run", "--store", "memory", "-P", file.toString(), "--duration", "2s", "--quiet");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("operationcount=abc: must be a whole number"), r::toString);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "staleness|staleness --store sim --time virtual --writes 20 --keys 5 -p sim.latncy=1ms|sim.latncy|sim.latency",
        "txn-overhead|txn-overhead --store memory -p recordcount=20 -p operationcount=40 -p recordcont=50 --quiet"
                + "|recordcont|recordcount",
        "rate|rate --store sim --time virtual -p sim.latency=1ms -p recordcount=20 -p recordcont=50 --duration 1s"
                + " --warmup 0s --max-load 2|recordcont|recordcount",
    })
    void misspeltProperty_everyCommandThatReadsPropertiesSaysDidYouMean(String label, String args, String given,
            String meant) {
        CliRunner r = CliRunner.run(args.split(" "));
        assertTrue(r.err.contains("unknown property '" + given + "' is ignored (did you mean " + meant + "?)"),
                r::toString);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "run|run --store memory --duration 2s --quiet --out",
        "staleness|staleness --store sim --time virtual --writes 20 --keys 5 --out",
        "rate|rate --store sim --time virtual --duration 1s --warmup 0s --max-load 2 --out",
        "txn-overhead|txn-overhead --store memory -p operationcount=40 --quiet --out",
        "experiment|experiment coordinated-omission --quick --out",
    })
    void outIsAFile_refusedBeforeAnythingIsMeasured(String label, String args) throws Exception {
        Path file = dir.resolve("not-a-directory");
        Files.writeString(file, "keep me");
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of(args.split(" ")));
        argv.add(file.toString());
        long begin = System.nanoTime();
        CliRunner r = CliRunner.run(argv.toArray(String[]::new));
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--out=" + file + ": exists and is not a directory"), r::toString);
        assertEquals("keep me", Files.readString(file));
        assertTrue((System.nanoTime() - begin) / 1e9 < 20, "refused at once");
    }

    @Test
    void simstoreTruthFileThatCannotBeWritten_refusedAtStartNotAtShutdown() throws Exception {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        CliRunner r = CliRunner.run("simstore", "--port", "0", "--truth-file", file.resolve("truth.json").toString());
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("--truth-file=" + file.resolve("truth.json") + ": cannot be created: " + file
                + " is not a directory"), r::toString);
    }

    @Test
    void report_corruptHistogram_namesTheFileAndTheField() throws Exception {
        Path run = dir.resolve("run");
        CliRunner.run("run", "--store", "memory", "-p", "operationcount=200", "-p", "recordcount=20",
                "--rate", "10000", "--quiet", "--out", run.toString()).assertRan();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode result =
                (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(run.resolve("result.json").toFile());
        String op = result.get("operations").fieldNames().next();
        ((com.fasterxml.jackson.databind.node.ObjectNode) result.at("/operations/" + op + "/histograms/response"))
                .put("OK", "!!not base64!!");
        Files.writeString(run.resolve("result.json"), result.toString());
        CliRunner r = CliRunner.run("report", run.toString());
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: " + run.resolve("result.json") + ": operations." + op
                + ".histograms.response.OK"), r::toString);
    }

    /** A megabyte of bad value: the line names it by its start and its length, not by all of it. */
    @Test
    void hugeBadValue_shownCutToItsStartAndLength() {
        String huge = "x".repeat(1 << 20);
        CliRunner r = CliRunner.run("run", "--store", "memory", "-p", "operationcount=" + huge, "--quiet");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: operationcount=xxxx"), r::toString);
        assertTrue(r.err.contains("… (1,048,576 characters): must be a whole number"), r::toString);
        assertTrue(r.err.length() < 400, "one short line: " + r.err.length() + " characters");
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
        r.assertRan();
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
        r.assertRan();
        assertTrue(r.err.contains("unknown property 'recordcont' is ignored (did you mean recordcount?)"), r::toString);
    }
}
