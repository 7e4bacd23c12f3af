package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up during a run: the command fails with one line naming the file and the
 * reason (exit 1), and every output file is complete or absent, no temporary file left. The disk
 * is a 16 KiB tmpfs where this test may mount one (root); elsewhere the run's interval log is
 * written to {@code /dev/full}, where every write fails with the same ENOSPC.
 */
@Tag("integration")
class OutputFailuresEndToEndTest {
    @TempDir
    Path dir;

    private Path mounted;

    @AfterEach
    void unmount() throws Exception {
        if (mounted != null) {
            new ProcessBuilder("umount", mounted.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** A small full-able directory: a tmpfs when it can be mounted, else null. */
    private Path smallDisk() throws Exception {
        Path disk = dir.resolve("disk");
        Files.createDirectories(disk);
        try {
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.toString())
                    .redirectErrorStream(true).start();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                mounted = disk;
                return disk;
            }
        } catch (IOException e) {
            // no mount command: fall back
        }
        return null;
    }

    @Test
    void run_diskFull_failsNamingTheFileAndLeavesOnlyCompleteFiles() throws Exception {
        Path disk = smallDisk();
        Path out;
        if (disk != null) {
            out = disk.resolve("results");
        } else {
            out = dir.resolve("results");
            Files.createDirectories(out);
            Files.createSymbolicLink(out.resolve(".latency.hlog.tmp"), Path.of("/dev/full"));
        }
        CliRunner r = CliRunner.run("run", "--store", "memory", "-p", "recordcount=100", "--rate", "3000",
                "--duration", "4s", "--quiet", "--out", out.toString());
        assertEquals(Main.EXIT_FAILED, r.exitCode, r::toString);
        // the answer is on stdout whatever the disk did
        assertTrue(r.out.contains("[OVERALL], Throughput(ops/sec), ") && r.out.contains("[RUN], Valid, "), r::toString);
        Matcher m = Pattern.compile("openmark: I/O error: (\\S+): No space left on device").matcher(r.err);
        assertTrue(m.find(), r::toString);
        Path named = Path.of(m.group(1));
        assertTrue(named.startsWith(out), "names a file of the run: " + r);
        assertFalse(Files.exists(named), "the file that failed is absent: " + named);
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                assertFalse(f.getFileName().toString().endsWith(".tmp"), "temporary file left behind: " + f);
                if (Files.isRegularFile(f)) {
                    String text = Files.readString(f);
                    assertTrue(text.endsWith("\n") || text.endsWith("}"), "complete: " + f);
                }
            }
        }
        assertFalse(Files.exists(out.resolve("result.json")) && !isComplete(out.resolve("result.json")));
    }

    /**
     * report.html cannot be written (its temporary file is /dev/full: every write fails with ENOSPC):
     * the run's other files are written, the text report is on stdout, and the command fails
     * naming report.html (exit 1), not a warning with exit 0.
     */
    @Test
    void run_reportCannotBeWritten_exitOneNamingItAndTheOtherFilesWritten() throws Exception {
        Path out = dir.resolve("results");
        Files.createDirectories(out);
        Files.createSymbolicLink(out.resolve(".report.html.tmp"), Path.of("/dev/full"));
        CliRunner r = CliRunner.run("run", "--store", "memory", "-p", "recordcount=100", "--rate", "1000",
                "--duration", "2s", "--time", "virtual", "--quiet", "--out", out.toString());
        assertEquals(Main.EXIT_FAILED, r.exitCode, r::toString);
        assertTrue(r.out.contains("[OVERALL], Throughput(ops/sec), "), r::toString);
        assertTrue(r.err.contains("openmark: I/O error: " + out.resolve("report.html") + ": No space left on device"
                + " (not written)"), r::toString);
        assertFalse(Files.exists(out.resolve("report.html")));
        assertFalse(Files.exists(out.resolve(".report.html.tmp"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        for (String written : new String[] {"result.json", "result.txt", "latency.hlog", "timeseries.csv"}) {
            assertTrue(Files.exists(out.resolve(written)), written + ": " + r);
        }
        assertTrue(isComplete(out.resolve("result.json")));
    }

    private static boolean isComplete(Path json) throws IOException {
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
        return true;
    }
}
