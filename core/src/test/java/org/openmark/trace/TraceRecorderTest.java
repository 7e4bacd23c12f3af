package org.openmark.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.config.ConfigException;
import org.openmark.workload.Operation;
import org.openmark.workload.OperationTarget;

/** The recorder: what several threads hand it is in the trace, times from the window's opening, and nothing else. */
class TraceRecorderTest {
    @TempDir
    Path dir;

    /** An operation that tells a target and runs nothing. */
    private record Told(String name, OperationTarget target) implements Operation {
        @Override
        public Status execute(Session session) {
            throw new AssertionError("not run");
        }
    }

    @Test
    void operationsEndedOnSeveralThreads_areAllInTheTrace_timesFromTheWindowsOpening() throws Exception {
        Path file = dir.resolve("run.trace");
        TraceRecorder recorder = TraceRecorder.start("--record-ops", file, TraceFileTest.HEADER);
        long opened = 1_000_000_000L;
        recorder.opened(opened);
        int threads = 4;
        int each = 5_000; // all of them fit the buffer: none may be dropped
        List<TraceRecord> expected = new ArrayList<>();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int client = t;
            for (int i = 0; i < each; i++) {
                long intended = opened + i * 1_000L;
                expected.add(new TraceRecord(i * 1_000L, i * 1_000L + 7, i * 1_000L + 7 + client, "UPDATE", "usertable",
                        "user" + client + "-" + i, 2, 200, 0, "OK", client));
            }
            started.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < each; i++) {
                    long intended = opened + i * 1_000L;
                    recorder.ended(new Told("UPDATE", new OperationTarget("usertable", "user" + client + "-" + i, 2, 200,
                            0)), Status.OK, intended, intended + 7, intended + 7 + client, client);
                }
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        TraceEnd end = recorder.finish(false);
        assertEquals(new TraceEnd((long) threads * each, 0, false), end);

        List<TraceRecord> read = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(file)) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                read.add(r);
            }
            assertEquals(end, reader.end());
        }
        Comparator<TraceRecord> order = Comparator.comparingInt(TraceRecord::client)
                .thenComparingLong(TraceRecord::intendedStartNanos);
        read.sort(order);
        expected.sort(order);
        assertEquals(expected, read);
    }

    @Test
    void anOperationWithoutTarget_isRecordedByNameAlone() throws Exception {
        Path file = dir.resolve("txn.trace");
        TraceRecorder recorder = TraceRecorder.start("--record-ops", file, TraceFileTest.HEADER);
        recorder.opened(100);
        recorder.ended(new Told("TXN", null), Status.ABORTED, 100, 150, 900, 3);
        recorder.finish(true);
        try (TraceReader reader = TraceReader.open(file)) {
            assertEquals(new TraceRecord(0, 50, 800, "TXN", null, null, 0, 0, 0, "ABORTED", 3), reader.next());
            reader.next();
            assertTrue(reader.end().interrupted());
        }
    }

    @Test
    void closedWithoutFinish_theTraceIsIncomplete() throws IOException {
        Path file = dir.resolve("failed.trace");
        TraceRecorder recorder = TraceRecorder.start("--record-ops", file, TraceFileTest.HEADER);
        recorder.opened(0);
        recorder.ended(new Told("READ", new OperationTarget("t", "k", -1, 0, 0)), Status.OK, 0, 0, 1, 0);
        recorder.close();
        assertEquals(1, recorder.operationsWritten());
        TraceFileException e = assertThrows(TraceFileException.class, () -> {
            try (TraceReader reader = TraceReader.open(file)) {
                while (reader.next() != null) {
                    // to the end
                }
            }
        });
        assertTrue(e.getMessage().contains("incomplete: it ends after 1 operations"), e.getMessage());
    }

    @Test
    void aFileThatCannotBeCreated_isBadInputNamingTheFlag() {
        Path nowhere = dir.resolve("no-such-dir").resolve("run.trace");
        ConfigException e = assertThrows(ConfigException.class,
                () -> TraceRecorder.start("--record-ops", nowhere, TraceFileTest.HEADER));
        assertEquals("--record-ops=" + nowhere + ": its directory " + nowhere.getParent() + " does not exist",
                e.getMessage());
        assertTrue(Files.notExists(nowhere));
    }
}
