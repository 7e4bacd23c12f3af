package org.openmark.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.workload.OperationTarget;

/** The trace file: what is written is read back, and a file cut short or not a trace is refused, naming it. */
class TraceFileTest {
    static final TraceHeader HEADER = new TraceHeader(TraceHeader.FORMAT_VERSION, "test", "run", "memory", 42,
            "virtual", Map.of("recordcount", "100", "workload", "core"));

    @TempDir
    Path dir;

    /** Seeded records with every kind of value the format must keep: times that go back, no table, odd keys. */
    static List<TraceRecord> records(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> ops = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE", "TXN");
        List<String> keys = List.of("user1", "clé,\"quoted\"", "line\nbreak", "");
        List<TraceRecord> list = new ArrayList<>();
        long intended = 0;
        for (int i = 0; i < n; i++) {
            intended += r.nextLong(-50_000, 1_000_000); // written in the order they ended: may go back
            long actual = intended + r.nextLong(0, 10_000);
            long end = actual + r.nextLong(0, 5_000_000_000L);
            String op = ops.get(r.nextInt(ops.size()));
            boolean unit = op.equals("TXN");
            list.add(new TraceRecord(intended, actual, end, op, unit ? null : "usertable",
                    unit ? null : keys.get(r.nextInt(keys.size())) + i,
                    r.nextBoolean() ? OperationTarget.ALL_FIELDS : r.nextInt(0, 20), r.nextLong(0, 1L << 40),
                    op.equals("SCAN") ? r.nextInt(1, 1000) : 0, r.nextBoolean() ? "OK" : "NOT_FOUND", r.nextInt(0, 64)));
        }
        return list;
    }

    private Path write(String name, List<TraceRecord> records, boolean finish) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); TraceWriter w = new TraceWriter(out, HEADER)) {
            for (TraceRecord rec : records) {
                w.write(rec);
            }
            if (finish) {
                w.finish(3, true);
            }
        }
        return file;
    }

    private static List<TraceRecord> readAll(Path file) throws IOException {
        List<TraceRecord> read = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(file)) {
            for (TraceRecord rec = reader.next(); rec != null; rec = reader.next()) {
                read.add(rec);
            }
            assertNull(reader.next(), "nothing after the end mark");
        }
        return read;
    }

    @Test
    void write_thenRead_everyRecordAndTheHeaderAndTheEndMarkComeBackAsWritten() throws IOException {
        List<TraceRecord> written = records(5_000, 1);
        Path file = write("t.trace", written, true);
        assertEquals(written, readAll(file));
        try (TraceReader reader = TraceReader.open(file)) {
            assertEquals(HEADER, reader.header());
            while (reader.next() != null) {
                // to the end mark
            }
            assertEquals(new TraceEnd(5_000, 3, true), reader.end());
        }
    }

    @Test
    void replaySchedule_putsTheOperationsInTheirIntendedOrder_andLeavesOutWhatIsNotOneCallOnOneRecord()
            throws IOException {
        List<TraceRecord> written = records(4_000, 7);
        Path file = write("mixed.trace", written, true);
        ReplaySchedule schedule = ReplaySchedule.load(file, TraceFileFormat.OPENMARK, 4);
        long units = written.stream().filter(r -> r.operation().equals("TXN")).count();
        assertTrue(units > 0);
        assertEquals(Map.of("TXN", units), schedule.left());
        List<TraceRecord> expected = new ArrayList<>(written.stream().filter(r -> !r.operation().equals("TXN")).toList());
        expected.sort(java.util.Comparator.comparingLong(TraceRecord::intendedStartNanos)); // stable: ties keep their order
        assertEquals(expected, schedule.operations());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(Math.round(Math.max(0, expected.get(i).intendedStartNanos()) / 4.0), schedule.offsetsNanos()[i]);
        }
    }

    @Test
    void header_isPlainJsonAtTheStart_soHeadShowsWhatMadeTheTrace() throws IOException {
        Path file = write("t.trace", records(10, 2), true);
        String start = new String(Files.readAllBytes(file), 0, 200, StandardCharsets.ISO_8859_1);
        assertTrue(start.startsWith("OMTRACE"), start);
        assertTrue(start.contains("\"recordcount\":\"100\""), start);
    }

    @Test
    void closedWithoutItsEndMark_isIncomplete_namingTheFileAndWhereItEnds() throws IOException {
        Path file = write("died.trace", records(100, 3), false);
        TraceFileException e = assertThrows(TraceFileException.class, () -> readAll(file));
        assertTrue(e.getMessage().startsWith(file + ": the trace is incomplete: it ends after 100 operations"),
                e.getMessage());
    }

    @Test
    void aTraceCutAfterAFlush_stillGivesWhatWasFlushed_thenSaysItIsIncomplete() throws IOException {
        List<TraceRecord> written = records(3_000, 6);
        Path file = dir.resolve("killed.trace");
        long flushedAt;
        try (OutputStream out = Files.newOutputStream(file); TraceWriter w = new TraceWriter(out, HEADER)) {
            for (int i = 0; i < 1_000; i++) {
                w.write(written.get(i));
            }
            w.flush();
            flushedAt = Files.size(file);
            for (int i = 1_000; i < 3_000; i++) {
                w.write(written.get(i));
            }
        }
        // killed while the second block was being written: the file ends a little after the first flush
        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), (int) (flushedAt + 10)));
        List<TraceRecord> read = new ArrayList<>();
        TraceFileException e = assertThrows(TraceFileException.class, () -> {
            try (TraceReader reader = TraceReader.open(file)) {
                for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                    read.add(r);
                }
            }
        });
        assertEquals(written.subList(0, 1_000), read);
        assertTrue(e.getMessage().contains("incomplete"), e.getMessage());
    }

    @Test
    void cutAnywhere_isRefusedAsIncomplete_neverReadAsAShorterWholeTrace() throws IOException {
        Path whole = write("whole.trace", records(2_000, 4), true);
        byte[] bytes = Files.readAllBytes(whole);
        int headEnd = TraceFormat.MAGIC.length + 1 + 4 + headerLength(bytes);
        for (int cut : new int[] {3, TraceFormat.MAGIC.length + 3, headEnd - 1, headEnd, headEnd + 1,
                (headEnd + bytes.length) / 2, bytes.length - 2, bytes.length - 1}) {
            Path file = dir.resolve("cut-" + cut + ".trace");
            Files.write(file, Arrays.copyOf(bytes, cut));
            TraceFileException e = assertThrows(TraceFileException.class, () -> readAll(file), "cut at " + cut);
            assertTrue(e.getMessage().startsWith(file + ": the trace is incomplete"), "cut at " + cut + ": "
                    + e.getMessage());
        }
    }

    private static int headerLength(byte[] bytes) {
        int at = TraceFormat.MAGIC.length + 1;
        return ((bytes[at] & 0xFF) << 24) | ((bytes[at + 1] & 0xFF) << 16) | ((bytes[at + 2] & 0xFF) << 8)
                | (bytes[at + 3] & 0xFF);
    }

    @Test
    void notATrace_orAnotherVersion_orMissing_isRefusedNamingTheFile() throws IOException {
        Path csv = dir.resolve("ops.csv");
        Files.writeString(csv, "intended_ns,start_ns\n1,2\n");
        assertEquals(csv + ": not an openmark trace (it does not begin with OMTRACE; traces are written by run"
                + " --record-ops)", assertThrows(TraceFileException.class, () -> TraceReader.open(csv)).getMessage());

        byte[] bytes = Files.readAllBytes(write("v.trace", records(1, 5), true));
        bytes[TraceFormat.MAGIC.length] = 9;
        Path other = dir.resolve("v9.trace");
        Files.write(other, bytes);
        assertEquals(other + ": trace format version 9: this openmark reads version 1",
                assertThrows(TraceFileException.class, () -> TraceReader.open(other)).getMessage());

        Path missing = dir.resolve("nothing.trace");
        assertEquals(missing + ": no such file",
                assertThrows(TraceFileException.class, () -> TraceReader.open(missing)).getMessage());
    }
}
