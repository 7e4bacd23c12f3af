package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --record-ops}, {@code trace show} and {@code replay} from the command line, in virtual time on
 * the in-memory store: the trace holds the run's operations, a replay issues them again at their intended
 * starts and gives the same files each time, and a cut trace or a bad option is refused with exit 2.
 */
class TraceCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path record(String name, String... more) {
        Path trace = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("run", "--store", "memory", "--time", "virtual", "--rate", "2000",
                "-p", "operationcount=3000", "-p", "recordcount=200", "-p", "insertproportion=0.1", "-p",
                "readproportion=0.4", "-p", "scanproportion=0.05", "--seed", "11", "--quiet", "--record-ops",
                trace.toString()));
        args.addAll(List.of(more));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.exitCode, r::toString);
        assertTrue(r.err.contains("3,000 operations recorded in " + trace), r::toString);
        return trace;
    }

    /** The CSV's rows (its header checked), each split into its columns. */
    private static List<String[]> show(Path trace) {
        CliRunner r = CliRunner.run("trace", "show", trace.toString());
        assertEquals(0, r.exitCode, r::toString);
        List<String> lines = r.out.lines().toList();
        assertEquals(TraceCommand.Show.COLUMNS, lines.get(0));
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }

    /** Operation, key and intended start of each row, sorted. */
    private static List<String> scheduled(List<String[]> rows, double speed) {
        return rows.stream().map(c -> String.format("%019d %s %s", Math.round(Long.parseLong(c[0]) / speed), c[3],
                c[5])).sorted().toList();
    }

    @Test
    void recordedRun_traceShowHoldsItsOperations_countsPerOperationAndStatusAsInResultJson() throws IOException {
        Path out = dir.resolve("out");
        Path trace = record("run.trace", "--out", out.toString());
        List<String[]> rows = show(trace);
        assertEquals(3000, rows.size());
        Map<String, Long> shown = new TreeMap<>();
        for (String[] c : rows) {
            assertEquals(11, c.length, () -> Arrays.toString(c));
            shown.merge(c[3] + " " + c[9], 1L, Long::sum);
            assertEquals("usertable", c[4]);
            assertTrue(c[5].startsWith("user"), c[5]);
            assertEquals("0", c[10], "the open model's one client");
        }
        Map<String, Long> counted = new TreeMap<>();
        JsonNode ops = JSON.readTree(out.resolve("result.json").toFile()).get("operations");
        ops.properties().forEach(op -> op.getValue().get("statuses").properties()
                .forEach(s -> counted.put(op.getKey() + " " + s.getKey(), s.getValue().asLong())));
        assertEquals(counted, shown);
        assertTrue(shown.keySet().stream().anyMatch(k -> k.startsWith("SCAN")), shown::toString);
    }

    @Test
    void replay_issuesTheRecordedOperationsAtTheirIntendedStarts_andTwoReplaysWriteTheSameFiles() throws IOException {
        Path trace = record("run.trace");
        List<String> recorded = scheduled(show(trace), 1);
        Map<String, byte[]> first = null;
        for (int i = 0; i < 2; i++) {
            Path out = dir.resolve("replay" + i);
            Path again = dir.resolve("replay" + i + ".trace");
            CliRunner r = CliRunner.run("replay", trace.toString(), "--store", "memory", "--time", "virtual", "--quiet",
                    "--record-ops", again.toString(), "--out", out.toString());
            assertEquals(0, r.exitCode, r::toString);
            assertTrue(r.out.contains("replay of " + trace + ": its 3,000 operations"), r::toString);
            assertFalse(r.out.contains("unknown property"), r::toString);
            assertEquals(recorded, scheduled(show(again), 1));
            first = sameOutputsAs(first, out);
        }
    }

    @Test
    void replayAtSpeed2_halvesEveryIntendedStart() {
        Path trace = record("run.trace");
        Path fast = dir.resolve("fast.trace");
        CliRunner r = CliRunner.run("replay", trace.toString(), "--speed", "2", "--store", "memory", "--time",
                "virtual", "--quiet", "--record-ops", fast.toString());
        assertEquals(0, r.exitCode, r::toString);
        assertEquals(scheduled(show(trace), 2), scheduled(show(fast), 1));
    }

    @Test
    void aCutTrace_isIncomplete_exit2NamingTheFile_andNothingIsPrinted() throws IOException {
        Path trace = record("run.trace");
        byte[] bytes = Files.readAllBytes(trace);
        Path cut = dir.resolve("cut.trace");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 2 / 3));

        CliRunner show = CliRunner.run("trace", "show", cut.toString());
        assertEquals(Main.EXIT_BAD_INPUT, show.exitCode, show::toString);
        assertTrue(show.err.startsWith("openmark: error: " + cut + ": the trace is incomplete: it"), show::toString);
        assertEquals("", show.out, "the CSV is whole or absent");

        CliRunner partial = CliRunner.run("trace", "show", "--incomplete", cut.toString());
        assertEquals(0, partial.exitCode, partial::toString);
        assertTrue(partial.err.contains("warning: " + cut + ": the trace is incomplete"), partial::toString);
        // what it holds up to its last whole compressed block (TraceFileTest: what a flush made readable stays so)
        long rows = partial.out.lines().count() - 1;
        assertTrue(rows >= 0 && rows < 3000, "what the cut trace holds: " + rows);

        CliRunner replay = CliRunner.run("replay", cut.toString(), "--store", "memory", "--time", "virtual");
        assertEquals(Main.EXIT_BAD_INPUT, replay.exitCode, replay::toString);
        assertTrue(replay.err.contains(cut + ": the trace is incomplete"), replay::toString);
    }

    @Test
    void csv_quotesAKeyWithACommaQuoteOrLineBreak_asCsvDoes() {
        assertEquals("user1", TraceCommand.Show.csv(new StringBuilder(), "user1").toString());
        assertEquals("\"a,b\"", TraceCommand.Show.csv(new StringBuilder(), "a,b").toString());
        assertEquals("\"say \"\"hi\"\"\"", TraceCommand.Show.csv(new StringBuilder(), "say \"hi\"").toString());
        assertEquals("\"two\nlines\"", TraceCommand.Show.csv(new StringBuilder(), "two\nlines").toString());
        assertEquals("", TraceCommand.Show.csv(new StringBuilder(), null).toString());
    }

    @Test
    void badInput_exit2_namingTheFlagOrFile() throws IOException {
        Path trace = record("run.trace");
        Path notATrace = dir.resolve("ops.csv");
        Files.writeString(notATrace, "intended_ns\n1\n");
        Path noDir = dir.resolve("missing-dir").resolve("x.trace");
        Map<List<String>, String> cases = new java.util.LinkedHashMap<>();
        cases.put(List.of("replay", trace.toString(), "--speed", "0"), "--speed=0.0: must be a number > 0");
        cases.put(List.of("replay", trace.toString(), "--speed", "fast"), "'fast' is not a double");
        cases.put(List.of("replay", trace.toString(), "--model", "closed"), "--model=closed: a replay runs the open model");
        cases.put(List.of("replay", trace.toString(), "--rate", "100"), "--rate=100.0: a replay keeps the trace's own times");
        cases.put(List.of("replay", trace.toString(), "--on-overload", "drop"), "--on-overload=drop: a replay issues every");
        cases.put(List.of("replay", trace.toString(), "--cluster", "127.0.0.1:0", "--workers", "2"),
                "--cluster=127.0.0.1:0: a trace is replayed by one process");
        cases.put(List.of("replay", trace.toString(), "--record-ops", trace.toString()),
                "--record-ops=" + trace + ": is the trace being replayed");
        cases.put(List.of("replay", dir.resolve("none.trace").toString()), dir.resolve("none.trace") + ": no such file");
        cases.put(List.of("replay", notATrace.toString()), notATrace + ": line 1: no op column (or operation)");
        cases.put(List.of("replay", notATrace.toString(), "--format", "openmark"), notATrace + ": not an openmark trace");
        cases.put(List.of("replay", trace.toString(), "--format", "json"), "--format=json: must be one of auto,"
                + " openmark, csv");
        cases.put(List.of("trace", "show", notATrace.toString()), notATrace + ": not an openmark trace");
        cases.put(List.of("run", "--store", "memory", "--time", "virtual", "--record-ops", noDir.toString()),
                "--record-ops=" + noDir + ": its directory " + noDir.getParent() + " does not exist");
        cases.put(List.of("run", "--cluster", "127.0.0.1:0", "--workers", "2", "--record-ops",
                dir.resolve("c.trace").toString()),
                "--record-ops=" + dir.resolve("c.trace") + ": is not available with --cluster/--local-workers yet");
        for (Map.Entry<List<String>, String> c : cases.entrySet()) {
            List<String> args = new ArrayList<>(c.getKey());
            if (!args.get(0).equals("trace")) {
                args.add("--quiet");
            }
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, () -> c.getKey() + ": " + r);
            assertTrue(r.err.contains(c.getValue()), () -> c.getKey() + ": " + r);
        }
        assertFalse(Files.exists(dir.resolve("c.trace")));
        assertEquals(3000, show(trace).size(), "the trace a refused replay named is untouched");
    }

    /** Intended start, operation, table, key, fields, scan length, and a write's bytes, of each row, sorted. */
    private static List<String> calls(List<String[]> rows) {
        return rows.stream().map(c -> String.format("%019d %s %s %s %s %s %s", Long.parseLong(c[0]), c[3], c[4], c[5],
                c[6], c[8], c[3].equals("READ") || c[3].equals("SCAN") || c[3].equals("DELETE") ? "-" : c[7]))
                .sorted().toList();
    }

    @Test
    void traceShowsCsv_replayed_issuesTheRecordedCallsAtTheirIntendedStarts_andTwoReplaysWriteTheSameFiles()
            throws IOException {
        Path trace = record("run.trace");
        CliRunner shown = CliRunner.run("trace", "show", trace.toString());
        assertEquals(0, shown.exitCode, shown::toString);
        Path csv = dir.resolve("run.csv");
        Files.writeString(csv, shown.out);
        List<String> recorded = calls(show(trace));
        Map<String, byte[]> first = null;
        for (int i = 0; i < 2; i++) {
            Path out = dir.resolve("csv" + i);
            Path again = dir.resolve("csv" + i + ".trace");
            CliRunner r = CliRunner.run("replay", csv.toString(), "--store", "memory", "--time", "virtual", "--seed",
                    "11", "--quiet", "--record-ops", again.toString(), "--out", out.toString());
            assertEquals(0, r.exitCode, r::toString);
            assertTrue(r.out.contains("replay of " + csv + ": its 3,000 operations"), r::toString);
            assertFalse(r.out.contains("unknown property"), r::toString);
            assertEquals(recorded, calls(show(again)));
            first = sameOutputsAs(first, out);
        }
    }

    @Test
    void aHandWrittenCsvInMilliseconds_isReplayedAtItsTimes_withItsCallsAndSizes() throws IOException {
        Path csv = dir.resolve("mine.csv");
        Files.writeString(csv, """
                time_ms,op,key,bytes
                0,insert,user1,500
                0.5,READ,user1,
                12,update,user1,40
                1500,rmw,user1,
                1500.25,Delete,user1,
                """);
        Path again = dir.resolve("mine.trace");
        Path out = dir.resolve("mine");
        CliRunner r = CliRunner.run("replay", csv.toString(), "--store", "memory", "--time", "virtual", "--quiet",
                "--record-ops", again.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode, r::toString);
        assertEquals(List.of(
                "0000000000000000000 INSERT usertable user1 1 0 500",
                "0000000000000500000 READ usertable user1 all 0 -",
                "0000000000012000000 UPDATE usertable user1 1 0 40",
                "0000000001500000000 READ-MODIFY-WRITE usertable user1 1 0 100",
                "0000000001500250000 DELETE usertable user1 all 0 -"), calls(show(again)));
        JsonNode ops = JSON.readTree(out.resolve("result.json").toFile()).get("operations");
        // each call found what the earlier ones wrote; a read-modify-write counts its read and its update too (as YCSB)
        Map<String, Integer> ok = Map.of("INSERT", 1, "READ", 2, "UPDATE", 2, "READ-MODIFY-WRITE", 1, "DELETE", 1);
        for (Map.Entry<String, Integer> e : ok.entrySet()) {
            assertEquals("{\"OK\":" + e.getValue() + "}", ops.path(e.getKey()).path("statuses").toString(),
                    () -> e.getKey() + ": " + ops);
        }
    }

    @Test
    void aCsvWithABadRow_exit2NamingFileLineAndColumn_andNothingIsRunOrWritten() throws IOException {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "time,op,key\n0,read,user1\n0.5,get,user2\n");
        Path again = dir.resolve("bad.trace");
        Path out = dir.resolve("bad");
        CliRunner r = CliRunner.run("replay", csv.toString(), "--store", "memory", "--time", "virtual", "--quiet",
                "--record-ops", again.toString(), "--out", out.toString());
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: " + csv + ": line 3, column op: 'get' is not an operation: read,"
                + " update, insert, scan, delete, rmw (any case)"), r::toString);
        assertFalse(Files.exists(again), "no trace of a replay that did not run");
        assertFalse(Files.exists(out), "no results of a replay that did not run");
        assertEquals("", r.out, r::toString);
    }

    @Test
    void theCsvDocsTracesMdShows_replaysAsDocumented_everyRowOk() throws IOException {
        List<String> doc = Files.readAllLines(Path.of("..", "docs", "traces.md"));
        int from = doc.indexOf("cat > mine.csv <<'EOF'");
        int to = doc.subList(from, doc.size()).indexOf("EOF") + from;
        assertTrue(from >= 0 && to > from, "docs/traces.md shows a CSV to paste");
        Path csv = dir.resolve("mine.csv");
        Files.writeString(csv, String.join("\n", doc.subList(from + 1, to)) + "\n");
        String command = doc.get(to + 1);
        assertEquals("bin/openmark replay mine.csv --store memory --out mine/", command);
        Path out = dir.resolve("mine");
        CliRunner r = CliRunner.run("replay", csv.toString(), "--store", "memory", "--out", out.toString(), "--time",
                "virtual", "--quiet");
        assertEquals(0, r.exitCode, r::toString);
        JsonNode total = JSON.readTree(out.resolve("result.json").toFile()).get("operations");
        long rows = doc.subList(from + 2, to).size();
        long ok = 0;
        for (String op : List.of("INSERT", "READ-MODIFY-WRITE", "DELETE", "READ", "UPDATE")) {
            ok += total.path(op).path("statuses").path("OK").asLong();
        }
        assertEquals(rows + 2, ok, "every row OK (a read-modify-write also counted as a read and an update): " + total);
    }

    /** The run's outputs in {@code out}; once {@code first} is known, asserts that they equal it byte for byte. */
    private static Map<String, byte[]> sameOutputsAs(Map<String, byte[]> first, Path out) throws java.io.IOException {
        Map<String, byte[]> files = new TreeMap<>();
        for (String f : List.of("result.json", "result.txt", "latency.hlog", "timeseries.csv")) {
            files.put(f, Files.readAllBytes(out.resolve(f)));
        }
        if (first == null) {
            return files;
        }
        for (String f : first.keySet()) {
            assertEquals(new String(first.get(f)), new String(files.get(f)), f);
        }
        return first;
    }
}
