package org.openmark.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openmark.workload.OperationTarget;

/**
 * A plain CSV trace a user wrote: every accepted time unit gives the intended starts exactly, the calls and
 * their records are the rows', the defaults are the documented ones, and a bad row is refused naming the
 * file, its line, its column and what is allowed.
 */
class CsvTraceReaderTest {
    @TempDir
    Path dir;

    private Path csv(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private static List<TraceRecord> all(Path file, TraceFileFormat format) throws IOException {
        List<TraceRecord> out = new ArrayList<>();
        try (TraceSource s = format.open(file)) {
            for (TraceRecord r = s.next(); r != null; r = s.next()) {
                out.add(r);
            }
            assertEquals(out.size(), s.end().operations());
            assertNull(s.next());
        }
        return out;
    }

    @Test
    void handWrittenMilliseconds_giveTheIntendedStarts_callsRecordsAndDefaults() throws IOException {
        Path file = csv("ops.csv", """
                time_ms,op,key,table,fields,bytes,scan_length
                0,read,user1,,,,
                1.5,UPDATE,user2,,2,300,
                2,Insert,user3,orders,,,
                250,scan,user4,,,,10
                250,delete,user5,,,,
                1000,RMW,user6,,,64,
                """);
        List<TraceRecord> rows = all(file, TraceFileFormat.AUTO);
        assertEquals(List.of(0L, 1_500_000L, 2_000_000L, 250_000_000L, 250_000_000L, 1_000_000_000L),
                rows.stream().map(TraceRecord::intendedStartNanos).toList());
        assertEquals(List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE"),
                rows.stream().map(TraceRecord::operation).toList());
        assertEquals(List.of("user1", "user2", "user3", "user4", "user5", "user6"),
                rows.stream().map(TraceRecord::key).toList());
        assertEquals(List.of("usertable", "usertable", "orders", "usertable", "usertable", "usertable"),
                rows.stream().map(TraceRecord::table).toList());
        // reads: every field; writes: one field unless told, of 100 bytes a field unless told
        assertEquals(List.of(OperationTarget.ALL_FIELDS, 2, 1, OperationTarget.ALL_FIELDS, OperationTarget.ALL_FIELDS, 1),
                rows.stream().map(TraceRecord::fieldCount).toList());
        assertEquals(List.of(0L, 300L, CsvTraceReader.DEFAULT_BYTES_PER_FIELD, 0L, 0L, 64L),
                rows.stream().map(TraceRecord::bytes).toList());
        assertEquals(List.of(0, 0, 0, 10, 0, 0), rows.stream().map(TraceRecord::scanLength).toList());
    }

    @Test
    void everyTimeUnit_andIsoTimestamps_fromTheFirstRows() throws IOException {
        for (String[] c : new String[][] {{"time", "0", "2.25"}, {"time_s", "0", "2.25"}, {"time_ms", "0", "2250"},
            {"time_us", "0", "2250000"}, {"time_ns", "0", "2250000000"}, {"intended_ns", "0", "2250000000"},
            {"time", "2026-11-29T10:15:30Z", "2026-11-29T10:15:32.250Z"},
            {"time", "2026-11-29T11:15:30+01:00", "2026-11-29T10:15:32.250Z"},
            {"time", "2026-11-29T10:15:30", "2026-11-29T10:15:32.25"}}) {
            Path file = csv("t.csv", c[0] + ",op,key\n" + c[1] + ",read,a\n" + c[2] + ",read,b\n");
            List<TraceRecord> read = all(file, TraceFileFormat.CSV);
            assertEquals(List.of(0L, 2_250_000_000L), read.stream().map(TraceRecord::intendedStartNanos).toList(),
                    () -> String.join(" ", c));
        }
    }

    @Test
    void theColumnsTraceShowPrints_areRead_quotedKeysToo() throws IOException {
        Path file = csv("shown.csv", "intended_ns,start_ns,end_ns,operation,table,key,fields,bytes,scan_length,status,"
                + "client\n120,130,900,READ,usertable,\"a,b\",all,0,0,NOT_FOUND,0\n"
                + "7,8,10,READ-MODIFY-WRITE,usertable,\"say \"\"hi\"\"\",1,100,0,OK,3\n"
                + "300,301,350,SCAN,usertable,\"two\nlines\",3,0,5,OK,0\n");
        List<TraceRecord> rows = all(file, TraceFileFormat.AUTO);
        assertEquals(List.of(
                new TraceRecord(120, 120, 120, "READ", "usertable", "a,b", OperationTarget.ALL_FIELDS, 0, 0, "NOT_FOUND", 0),
                new TraceRecord(7, 7, 7, "READ-MODIFY-WRITE", "usertable", "say \"hi\"", 1, 100, 0, "OK", 3),
                new TraceRecord(300, 300, 300, "SCAN", "usertable", "two\nlines", 3, 0, 5, "OK", 0)), rows);
        ReplaySchedule schedule = ReplaySchedule.load(file, TraceFileFormat.AUTO, 2);
        assertEquals(List.of(4L, 60L, 150L), java.util.Arrays.stream(schedule.offsetsNanos()).boxed().toList(),
                "in the schedule's order, over --speed");
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("", "the file is empty: a CSV trace begins with a header row"),
                Arguments.of("op,key\nread,a\n", "line 1: no time column: name one of time or time_s"),
                Arguments.of("time,key\n0,a\n", "line 1: no op column (or operation)"),
                Arguments.of("time,op\n0,read\n", "line 1: no key column"),
                Arguments.of("time,time_ms,op,key\n0,0,read,a\n", "line 1: two time columns, time and time_ms"),
                Arguments.of("time,op,key,op\n0,read,a,read\n", "line 1: column op is named twice"),
                Arguments.of("time,op,key\n0,read,a\n1,get,b\n", "line 3, column op: 'get' is not an operation: read,"
                        + " update, insert, scan, delete, rmw (any case)"),
                Arguments.of("time,op,key\n0,read,a\n1,read\n", "line 3: 2 columns, but the header row names 3"),
                Arguments.of("time,op,key\n0,read,\n", "line 2, column key: is empty"),
                Arguments.of("time_ms,op,key\n0,read,a\n\n-1,read,b\n", "line 4, column time_ms: '-1' is not allowed:"
                        + " milliseconds from the start (a number ≥ 0"),
                Arguments.of("time,op,key\n0,read,a\nsoon,read,b\n", "line 3, column time: 'soon' is not allowed:"
                        + " seconds from the start (a number ≥ 0, decimals allowed), or an ISO-8601 timestamp"),
                Arguments.of("time,op,key\n2026-11-29T10:00:00Z,read,a\n5,read,b\n", "line 3, column time: '5' is a"
                        + " number, but the first row's time is an ISO-8601 timestamp"),
                Arguments.of("time,op,key\n2026-11-29T10:00:01Z,read,a\n2026-11-29T10:00:00Z,read,b\n",
                        "line 3, column time: '2026-11-29T10:00:00Z' is before the first row's"),
                Arguments.of("time_ns,op,key\n1.5,read,a\n", "line 2, column time_ns: '1.5' is not allowed:"
                        + " nanoseconds from the start (a whole number ≥ 0)"),
                Arguments.of("time,op,key,scan_length\n0,scan,a,\n", "line 2, column scan_length: a scan needs the"
                        + " number of records it asks for"),
                Arguments.of("time,op,key\n0,scan,a\n", "line 2, column scan_length: a scan needs"),
                Arguments.of("time,op,key,scan_length\n0,scan,a,0\n", "line 2, column scan_length: '0' is not allowed:"
                        + " a number ≥ 1"),
                Arguments.of("time,op,key,fields\n0,update,a,all\n", "line 2, column fields: 'all' is for reads"),
                Arguments.of("time,op,key,fields\n0,read,a,many\n", "line 2, column fields: 'many' is not allowed: a"
                        + " whole number from 0 to 2147483647, or all"),
                Arguments.of("time,op,key,bytes\n0,update,a,-3\n", "line 2, column bytes: '-3' is not allowed: a whole"
                        + " number from 0 to"),
                Arguments.of("time,op,key\n0,read,\"open\n1,read,b\n", "line 2: a quoted field is not closed before the"
                        + " file's end"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badFiles")
    void aBadRow_isRefused_namingTheFileLineColumnAndWhatIsAllowed(String text, String expected) throws IOException {
        Path file = csv("bad.csv", text);
        TraceFileException e = assertThrows(TraceFileException.class,
                () -> ReplaySchedule.load(file, TraceFileFormat.CSV, 1));
        assertTrue(e.getMessage().startsWith(file + ": " + expected), e.getMessage());
    }

    @Test
    void theFormat_isOpenmarksWhenTheFileBeginsAsOne_csvOtherwise_andNamedOnesAreKept() throws IOException {
        Path file = csv("x.trace", "time,op,key\n0,read,a\n");
        assertEquals(TraceFileFormat.CSV, TraceFileFormat.AUTO.resolve(file));
        assertEquals(TraceFileFormat.OPENMARK, TraceFileFormat.OPENMARK.resolve(file));
        TraceFileException e = assertThrows(TraceFileException.class,
                () -> ReplaySchedule.load(file, TraceFileFormat.OPENMARK, 1));
        assertTrue(e.getMessage().contains("not an openmark trace"), e.getMessage());
        Path binary = csv("run.trace", "OMTRACE\u0001\u0000\u0000\u0000\u0002{}");
        TraceFileException asCsv = assertThrows(TraceFileException.class,
                () -> ReplaySchedule.load(binary, TraceFileFormat.CSV, 1));
        assertTrue(asCsv.getMessage().startsWith(binary + ": is an openmark trace (written by --record-ops), not a CSV"),
                asCsv.getMessage());
        assertEquals(TraceFileFormat.CSV, TraceFileFormat.parse("--format", "CSV"));
        org.openmark.config.ConfigException bad = assertThrows(org.openmark.config.ConfigException.class,
                () -> TraceFileFormat.parse("--format", "json"));
        assertTrue(bad.getMessage().contains("--format=json: must be one of auto, openmark, csv"), bad.getMessage());
    }

    @Test
    void crlfLines_andLineBreaksOfAnyKindInsideQuotes_areKeptAsWritten_andErrorsCountTheLines() throws IOException {
        Path file = csv("crlf.csv", "time,op,key\r\n0,read,\"a\r\nb\"\r\n1,read,\"c\rd\"\r\n2,read,\"e\nf\"\r\n3,read,g");
        assertEquals(List.of("a\r\nb", "c\rd", "e\nf", "g"), all(file, TraceFileFormat.CSV).stream()
                .map(TraceRecord::key).toList());
        Path bad = csv("crlf-bad.csv", "time,op,key\r\n0,read,\"a\r\nb\"\r\n1,read,\"c\rd\"\r\n2,get,x\r\n");
        TraceFileException e = assertThrows(TraceFileException.class, () -> all(bad, TraceFileFormat.CSV));
        assertTrue(e.getMessage().startsWith(bad + ": line 6, column op: 'get'"), e.getMessage());
    }
}
