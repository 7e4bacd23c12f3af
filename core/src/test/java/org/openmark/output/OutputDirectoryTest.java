package org.openmark.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.config.ConfigException;

/**
 * {@code --replace} deletes only what openmark wrote: the files its manifest lists. The user's
 * files, even under the names a run writes ({@code events/}, {@code workers/}, {@code nodes.csv}),
 * are never deleted; a directory of such files without a manifest is refused, naming them.
 */
class OutputDirectoryTest {
    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    /** What a run writes between {@link OutputDirectory#clear} and {@link OutputDirectory#finish}. */
    private void runWrites(String runId, String... names) throws IOException {
        OutputDirectory.clear(dir, OutputDirectory.claim("--out", dir, true, "--replace"));
        for (String n : names) {
            write(n, runId);
        }
        OutputDirectory.finish(dir, runId);
    }

    private void usersFiles() throws IOException {
        write("events/important.txt", "mine");
        write("workers/mine/data.bin", "mine");
        write("nodes.csv", "mine");
        write("notes.txt", "mine");
    }

    private void assertUsersFilesKept() throws IOException {
        for (String n : List.of("events/important.txt", "workers/mine/data.bin", "nodes.csv", "notes.txt")) {
            assertEquals("mine", Files.readString(dir.resolve(n)), n);
        }
    }

    @Test
    void replace_usersFilesUnderRunNames_survive() throws IOException {
        runWrites("run-1", "result.json", "latency.hlog", "events/event-1.log");
        usersFiles();
        List<Path> previous = OutputDirectory.claim("--out", dir, true, "--replace");
        assertEquals(List.of(Path.of(".openmark-outputs"), Path.of("events/event-1.log"), Path.of("latency.hlog"),
                Path.of("result.json")), previous);
        runWrites("run-2", "result.json", "report.html");
        assertUsersFilesKept();
        assertFalse(Files.exists(dir.resolve("latency.hlog")), "the earlier run's file is gone");
        assertFalse(Files.exists(dir.resolve("events/event-1.log")));
        assertEquals("run-2", Files.readString(dir.resolve("result.json")));
        assertEquals(List.of("run-2", "report.html", "result.json"),
                Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST)), "the user's files are not the run's");
        // and once more: the user's files are still not listed, so never deleted
        runWrites("run-3", "result.json");
        assertUsersFilesKept();
        assertFalse(Files.exists(dir.resolve("report.html")));
    }

    @Test
    void usersFilesFirst_thenARun_areNotListedAsItsOwn() throws IOException {
        write("events/important.txt", "mine");
        write("workers/mine/data.bin", "mine");
        write("notes.txt", "mine");
        // no run-like files at the top but events/ and workers/: refused, naming them
        ConfigException e = assertThrows(ConfigException.class,
                () -> OutputDirectory.claim("--out", dir, true, "--replace"));
        assertTrue(e.getMessage().contains("holds files named as a run's outputs (events/important.txt,"
                + " workers/mine/data.bin) but no manifest (.openmark-outputs) saying openmark wrote them, so"
                + " --replace does not delete them"), e.getMessage());
        Files.delete(dir.resolve("workers/mine/data.bin"));
        Files.delete(dir.resolve("events/important.txt"));
        write("nodes2.csv", "mine");
        runWrites("run-1", "result.json", "events/event-1.log", "workers/w1/result.json");
        write("events/important.txt", "mine");
        runWrites("run-2", "result.json");
        assertEquals("mine", Files.readString(dir.resolve("events/important.txt")));
        assertFalse(Files.exists(dir.resolve("workers/w1")), "the cluster run's worker files went with their folder");
        assertTrue(Files.isDirectory(dir.resolve("workers/mine")), "the user's (empty) folder stays");
        assertFalse(Files.exists(dir.resolve("events/event-1.log")));
    }

    @Test
    void noManifest_refusedEvenWithReplace_namingWhatWouldHaveGone_nothingDeleted() throws IOException {
        usersFiles();
        write("result.json", "an older openmark's");
        for (boolean replace : new boolean[] {false, true}) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> OutputDirectory.claim("--out", dir, replace, "--replace"));
            assertEquals("--out=" + dir + ": holds files named as a run's outputs (events/important.txt, nodes.csv,"
                    + " result.json, workers/mine/data.bin) but no manifest (.openmark-outputs) saying openmark wrote"
                    + " them, so --replace does not delete them: move them away yourself, or give a new or empty"
                    + " directory", e.getMessage());
        }
        assertUsersFilesKept();
        assertTrue(Files.exists(dir.resolve("result.json")));
    }

    @Test
    void withManifest_withoutReplace_refusedNamingTheManifestsFiles() throws IOException {
        runWrites("run-1", "result.json", "report.html");
        ConfigException e = assertThrows(ConfigException.class,
                () -> OutputDirectory.claim("--out", dir, false, "--replace"));
        assertEquals("--out=" + dir + ": holds the results of another run (.openmark-outputs, report.html,"
                + " result.json): give a new or empty directory, or --replace to delete the files its manifest"
                + " (.openmark-outputs) lists as openmark's (no other file is touched)", e.getMessage());
    }

    /** A run killed while writing: its manifest says incomplete and lists what was there before it. */
    @Test
    void incompleteRun_itsFilesAreTheNewOnes_theUsersStay() throws IOException {
        usersFiles();
        Files.delete(dir.resolve("events/important.txt"));
        Files.delete(dir.resolve("workers/mine/data.bin"));
        Files.delete(dir.resolve("nodes.csv"));
        OutputDirectory.clear(dir, OutputDirectory.claim("--out", dir, false, "--replace"));
        write("latency.hlog", "half");
        write(".result.json.tmp", "half");
        write("workers/w1/latency.hlog", "half");
        // a file of the user's outside the names a run writes is never the run's
        write("notes.txt", "still mine");
        assertEquals(List.of("incomplete"), Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST)));
        ConfigException e = assertThrows(ConfigException.class,
                () -> OutputDirectory.claim("--out", dir, false, "--replace"));
        assertTrue(e.getMessage().contains("holds the results of an incomplete run (.openmark-outputs,"
                + " .result.json.tmp, latency.hlog, workers/w1/latency.hlog)"), e.getMessage());
        runWrites("run-2", "result.json");
        assertEquals("still mine", Files.readString(dir.resolve("notes.txt")));
        assertFalse(Files.exists(dir.resolve("latency.hlog")));
        assertFalse(Files.exists(dir.resolve(".result.json.tmp")));
        assertFalse(Files.exists(dir.resolve("workers/w1")));
        assertEquals(List.of("run-2", "result.json"), Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST)));
    }

    @Test
    void incompleteRun_listsTheUsersFilesAsKept() throws IOException {
        write("nodes.csv", "mine");
        // a user's nodes.csv alone is refused (no manifest); moved in after a run began, it is kept
        OutputDirectory.begin(dir);
        assertEquals(List.of("incomplete", "kept nodes.csv"), Files.readAllLines(dir.resolve(OutputDirectory.MANIFEST)));
        write("result.json", "half");
        assertEquals(List.of(Path.of(".openmark-outputs"), Path.of("result.json")),
                OutputDirectory.claim("--out", dir, true, "--replace"));
    }
}
