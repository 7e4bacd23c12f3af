package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.report.YcsbOutputParser;

/**
 * YCSB's documented command lines (its README and wiki: load and run with the positional binding
 * name or -db, -P, -p, -s, -threads, -target) keep YCSB's meaning: YCSB's closed model unless they
 * give a rate; openmark's own form keeps the open model. Every report reads as YCSB's output to a
 * parser written for YCSB's format.
 */
class YcsbFormEndToEndTest {

    static Stream<Arguments> ycsbCommands() {
        return Stream.of(
                // bin/ycsb run basic -P workloads/workloada
                Arguments.of(List.of("run", "basic", "-P", "workloada", "-p", "operationcount=1000"), "closed(threads=1)"),
                // java site.ycsb.Client -t -db site.ycsb.BasicDB -P workloads/workloada -s
                Arguments.of(List.of("run", "-t", "-db", "site.ycsb.BasicDB", "-P", "workloada", "-p",
                        "operationcount=1000", "-s"), "closed(threads=1)"),
                // bin/ycsb run basic -P workloads/workloada -threads 10 -target 100 -s
                Arguments.of(List.of("run", "basic", "-P", "workloada", "-threads", "10", "-target", "2000", "-p",
                        "operationcount=400", "-s"), "closed(threads=10, target="),
                // db=CLASS in a property file, as YCSB reads it
                Arguments.of(List.of("run", "-P", "workloada", "-p", "db=site.ycsb.BasicDB", "-p",
                        "operationcount=1000"), "closed(threads=1)"),
                // bin/ycsb load basic -P workloads/workloada
                Arguments.of(List.of("load", "basic", "-P", "workloada", "-p", "recordcount=500"), "closed(threads="),
                // java site.ycsb.Client -load -db site.ycsb.BasicDB -P workloads/workloada -threads 4
                Arguments.of(List.of("run", "-load", "-db", "site.ycsb.BasicDB", "-P", "workloada", "-threads", "4",
                        "-p", "recordcount=500"), "closed(threads=4)"));
    }

    @ParameterizedTest
    @MethodSource("ycsbCommands")
    void ycsbCommandWithoutRate_runsYcsbsClosedModel_andReadsAsYcsbOutput(List<String> command, String model) {
        CliRunner r = CliRunner.run(command.toArray(String[]::new));

        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("# [RUN], Model, " + model), r::toString);
        assertTrue(r.out.startsWith("# openmark: YCSB's closed model, " + model), r::toString);
        Map<String, Map<String, Double>> parsed = YcsbOutputParser.parse(r.out);
        assertTrue(parsed.get("OVERALL").get("Throughput(ops/sec)") > 0, r::toString);
        assertFalse(parsed.containsKey("SCHEDULE") || parsed.containsKey("SERVICE-READ"), r::toString);
        // YCSB's measurement.interval is op unless given: no Intended- blocks
        assertFalse(parsed.keySet().stream().anyMatch(s -> s.startsWith("Intended-")), r::toString);
    }

    @Test
    void ycsbCommandRun_headerSaysHowToGetTheOpenModelAndTheRating() {
        CliRunner r = CliRunner.run("run", "basic", "-P", "workloada", "-p", "operationcount=500");

        List<String> header = r.out.lines().takeWhile(l -> !l.startsWith("[OVERALL]")).toList();
        assertTrue(header.get(0).contains("names its binding as YCSB does"), r::toString);
        assertTrue(header.get(1).contains("give --rate OPS") && header.get(1).contains("bin/openmark rate"),
                r::toString);
        assertTrue(header.get(2).contains("[READ] and the other operations' blocks are YCSB's latencies"),
                r::toString);
        assertTrue(r.out.contains("# [NOTE], closed model (YCSB compatible) because the store was named YCSB's way"),
                r::toString);
    }

    @Test
    void ycsbCommandWithRate_runsTheOpenModel() {
        CliRunner r = CliRunner.run("run", "-db", "site.ycsb.BasicDB", "-P", "workloada", "--rate", "5000", "-p",
                "operationcount=1000", "--quiet").assertRan();

        assertTrue(r.out.contains("# [RUN], Model, open(arrival=poisson, rate=5000/s"), r::toString);
        assertTrue(r.out.startsWith("# openmark: the open model, open("), r::toString);
        assertTrue(r.out.contains("asks for a rate"), r::toString);
        YcsbOutputParser.parse(r.out);
    }

    @Test
    void openmarksForm_keepsTheOpenModel() {
        CliRunner r = CliRunner.run("run", "--store", "noop", "-P", "workloada", "-p", "operationcount=500",
                "--quiet").assertRan();

        assertTrue(r.out.contains("# [RUN], Model, open(arrival=poisson, rate=1000/s"), r::toString);
        assertTrue(r.out.contains("[SERVICE-READ] is from its actual start: what [READ] means in YCSB's closed"
                + " model"), r::toString);
        Map<String, Map<String, Double>> parsed = YcsbOutputParser.parse(r.out);
        assertTrue(parsed.containsKey("SERVICE-READ") && parsed.containsKey("SCHEDULE"), r::toString);
    }

    @Test
    void ycsbCommandWithModelOpen_runsTheOpenModelAtTheDefaultRate() {
        CliRunner r = CliRunner.run("run", "basic", "-P", "workloada", "--model", "open", "-p",
                "operationcount=500", "--quiet").assertRan();

        assertTrue(r.out.contains("# [RUN], Model, open(arrival=poisson, rate=1000/s"), r::toString);
        assertTrue(r.out.contains("chosen with --model"), r::toString);
    }

    @Test
    void ycsbCommandWithTarget_measurementIntervalBoth_printsIntendedBlocks() {
        CliRunner r = CliRunner.run("run", "basic", "-P", "workloada", "-threads", "4", "-target", "4000", "-p",
                "operationcount=400", "-p", "measurement.interval=both");

        assertEquals(0, r.exitCode, r::toString);
        Map<String, Map<String, Double>> parsed = YcsbOutputParser.parse(r.out);
        assertTrue(parsed.containsKey("Intended-READ") && parsed.get("READ").containsKey("AverageLatency(us)"),
                r::toString);
        CliRunner intended = CliRunner.run("run", "basic", "-P", "workloada", "-threads", "4", "-target", "4000",
                "-p", "operationcount=400", "-p", "measurement.interval=intended");
        Map<String, Map<String, Double>> only = YcsbOutputParser.parse(intended.out);
        assertTrue(only.containsKey("Intended-READ"), intended::toString);
        assertFalse(only.get("READ").containsKey("AverageLatency(us)"), intended::toString);
    }

    @Test
    void measurementIntervalNotYcsbs_refusedNamingIt() {
        CliRunner r = CliRunner.run("run", "basic", "-P", "workloada", "-p", "operationcount=100", "-p",
                "measurement.interval=sometimes");

        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("measurement.interval=sometimes: must be op"), r::toString);
        assertEquals("", r.out, r::toString);
    }

    @Test
    void dbAndStoreBoth_refused() {
        CliRunner r = CliRunner.run("run", "-db", "site.ycsb.BasicDB", "--store", "noop", "-P", "workloada");

        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("-db=site.ycsb.BasicDB: names the store as --store does"), r::toString);
    }

    @Test
    void ycsbLoadIntoRocksDbWithoutDir_refusedNamingRocksdbDir(@TempDir Path dir) {
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("load", "-db", "site.ycsb.db.rocksdb.RocksDBClient", "-P", "workloada", "-p",
                "recordcount=100", "--out", out.toString());

        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("rocksdb.dir is unset"), r::toString);
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void openmarksLoadIntoRocksDbWithoutDir_saysOnStdoutTheDataIsGone() {
        CliRunner r = CliRunner.run("load", "--store", "rocksdb", "-P", "workloada", "-p", "recordcount=100");

        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.out.contains("# [NOTE], rocksdb.dir is unset, so the records went into a temporary directory"
                + " that was deleted when the load ended"), r::toString);
        YcsbOutputParser.parse(r.out);
    }

    /** ./bin/ycsb load rocksdb -s -P workloads/workloada -p rocksdb.dir=/tmp/ycsb-rocksdb-data, then run. */
    @Test
    void ycsbRocksDbLoadThenRun_withDir_closedModelAndResultJsonSaysWhy(@TempDir Path dir) throws Exception {
        String data = dir.resolve("data").toString();
        CliRunner load = CliRunner.run("load", "rocksdb", "-s", "-P", "workloada", "-p", "rocksdb.dir=" + data, "-p",
                "recordcount=300");
        assertEquals(0, load.exitCode, load::toString);
        Path out = dir.resolve("out");
        CliRunner run = CliRunner.run("run", "rocksdb", "-s", "-P", "workloada", "-p", "rocksdb.dir=" + data, "-p",
                "recordcount=300", "-p", "operationcount=300", "--out", out.toString());

        assertEquals(0, run.exitCode, run::toString);
        assertTrue(run.out.contains("# [RUN], Model, closed(threads=1)"), run::toString);
        YcsbOutputParser.parse(run.out);
        String json = Files.readString(out.resolve("result.json"));
        assertTrue(json.contains("\"modelReason\" : \"ycsb-form\""), json);
        assertTrue(json.contains("\"command.form\" : \"ycsb\""), json);
        YcsbOutputParser.parse(Files.readString(out.resolve("result.txt")));
    }

    /** An open run with a stall, its warning, an outage and a note: still every line reads as YCSB's. */
    @Test
    void openRunWithOutageWarningAndNote_everyLineReadsAsYcsbOutput() {
        CliRunner r = CliRunner.run("run", "--store", "sim", "--time", "virtual", "-P", "workloada", "--rate", "2000",
                "--duration", "6s", "-p", "sim.latency=1ms", "-p", "sim.hiccups=2s:2s", "-p", "readproportion=0.7",
                "--seed", "7", "--quiet");

        assertEquals(Main.EXIT_NOT_VALID, r.exitCode, r::toString);
        assertTrue(r.out.contains("# [OUTAGE], ") && r.out.contains("# [WARNING], ")
                && r.out.contains("# [NOTE], "), r::toString);
        YcsbOutputParser.parse(r.out);
    }
}
