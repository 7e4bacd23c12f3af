package org.openmark.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Status;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;

/**
 * A disk that is full: every output file is complete or absent, and the error names the file and
 * the reason. The device is real: the temporary file each writer opens is a link to
 * {@code /dev/full}, where every write fails with ENOSPC ("No space left on device").
 */
class WriteFailureTest {
    private static final Path FULL = Path.of("/dev/full");

    @TempDir
    Path dir;

    @BeforeEach
    void needsDevFull() {
        assumeTrue(Files.isWritable(FULL), "/dev/full is not available here");
    }

    /** Makes the temporary file of {@code target} a link to the full device. */
    private static void onFullDisk(Path target) throws IOException {
        Files.createSymbolicLink(AtomicFiles.temporary(target), FULL);
    }

    private static void assertNothingLeft(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            List<Path> left = files.toList();
            assertEquals(List.of(), left, "neither the file nor its temporary remains");
        }
    }

    @Test
    void writeString_diskFull_namesTheFileAndLeavesNothing() throws Exception {
        Path target = dir.resolve("result.json");
        onFullDisk(target);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(target, "x".repeat(100_000)));
        assertTrue(e.getMessage().startsWith(target + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        assertNothingLeft(dir);
    }

    @Test
    void hlogSink_diskFull_intervalAndCloseNameTheFileAndNothingIsRenamedIntoPlace() throws Exception {
        Path target = dir.resolve("latency.hlog");
        onFullDisk(target);
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        HlogSink sink = new HlogSink(target, 1_000_000L);
        w.record("READ", Status.OK, 0, 1_000, 2_000_000);
        IOException during = assertThrows(IOException.class,
                () -> sink.interval(m.collectInterval(1_000_000L, 1_001_000L), 1.0, 0, false));
        assertTrue(during.getMessage().startsWith(target + ": No space left on device"), during.getMessage());
        IOException atClose = assertThrows(IOException.class, sink::close);
        assertTrue(atClose.getMessage().startsWith(target + ": No space left on device"), atClose.getMessage());
        assertFalse(Files.exists(target));
        assertNothingLeft(dir);
    }

    @Test
    void timeSeriesSink_diskFull_closeNamesTheFileAndNothingIsRenamedIntoPlace() throws Exception {
        Path target = dir.resolve("timeseries.csv");
        onFullDisk(target);
        Measurements m = new Measurements();
        m.newThreadWriter().record("READ", Status.OK, 0, 1_000, 2_000_000);
        TimeSeriesSink sink = new TimeSeriesSink(target);
        assertThrows(IOException.class, () -> sink.interval(m.collectInterval(0, 1000), 1.0, 0, false));
        IOException atClose = assertThrows(IOException.class, sink::close);
        assertTrue(atClose.getMessage().startsWith(target + ": No space left on device"), atClose.getMessage());
        assertNothingLeft(dir);
    }

    @Test
    void deleteUnfinished_removesTemporaryFilesStillBeingWritten() throws Exception {
        Path target = dir.resolve("latency.hlog");
        HlogSink sink = new HlogSink(target, 0);
        assertTrue(Files.exists(AtomicFiles.temporary(target)));
        assertTrue(AtomicFiles.deleteUnfinished().contains(AtomicFiles.temporary(target).toAbsolutePath()));
        assertNothingLeft(dir);
        try {
            sink.close();
        } catch (IOException expected) {
            // its temporary file is gone: nothing to rename
        }
    }
}
