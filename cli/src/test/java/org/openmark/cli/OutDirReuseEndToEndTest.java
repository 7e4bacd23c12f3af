package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run never leaves another run's files beside its own: {@code --out} into a directory that holds
 * another run's results is refused (exit 2, naming --replace, nothing touched), and with
 * {@code --replace} exactly what openmark wrote there before is deleted, the user's own files kept.
 * Each output names its run. Virtual time.
 */
class OutDirReuseEndToEndTest {
    @TempDir
    Path dir;

    private static CliRunner run(Path out, String seed, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--store", "memory", "-p", "recordcount=50",
                "--rate", "500", "--duration", "1s", "--time", "virtual", "--seed", seed, "--quiet", "--out",
                out.toString()));
        args.addAll(List.of(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    @Test
    void run_intoAnotherRunsDirectory_refusedNamingReplace_andReplaceDeletesOnlyOpenmarksFiles() throws Exception {
        Path out = dir.resolve("results");
        assertEquals(0, run(out, "111").exitCode);
        // the user's own files, some under the names a run writes (events/, workers/, nodes.csv)
        Files.createDirectories(out.resolve("events"));
        Files.writeString(out.resolve("events/important.txt"), "mine\n");
        Files.createDirectories(out.resolve("workers/mine"));
        Files.writeString(out.resolve("workers/mine/data.bin"), "mine\n");
        Files.writeString(out.resolve("nodes.csv"), "mine\n");
        Files.writeString(out.resolve("notes.txt"), "mine\n");
        String firstJson = Files.readString(out.resolve("result.json"));

        CliRunner refused = run(out, "222");
        assertEquals(Main.EXIT_BAD_INPUT, refused.exitCode, refused::toString);
        assertTrue(refused.err.startsWith("openmark: error: --out=" + out + ": holds the results of another run ("
                + ".openmark-outputs, latency.hlog, report.html, result.json, … 6 files): give a new or empty"
                + " directory, or --replace to delete the files its manifest (.openmark-outputs) lists as openmark's"
                + " (no other file is touched)"), refused::toString);
        assertEquals(firstJson, Files.readString(out.resolve("result.json")), "nothing touched");

        CliRunner replaced = run(out, "222", "--replace");
        assertEquals(0, replaced.exitCode, replaced::toString);
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        assertEquals(222, result.get("seed").asLong());
        for (String mine : List.of("events/important.txt", "workers/mine/data.bin", "nodes.csv", "notes.txt")) {
            assertEquals("mine\n", Files.readString(out.resolve(mine)), mine + ": the user's file is kept");
        }
        // every output names this run
        String runId = result.get("runId").asText();
        assertTrue(runId.endsWith("-222"), runId);
        assertTrue(Files.readString(out.resolve("latency.hlog")).contains("#openmark run " + runId), runId);
        List<String> manifest = Files.readAllLines(out.resolve(".openmark-outputs"));
        assertEquals(runId, manifest.get(0));
        assertEquals(List.of("latency.hlog", "report.html", "result.json", "result.txt", "timeseries.csv"),
                manifest.subList(1, manifest.size()), "only what this run wrote, none of the user's files");
    }

    /** A directory of files named as a run's without a manifest: --replace refuses, naming them, and deletes nothing. */
    @Test
    void replace_withoutManifest_refusedNamingTheFiles_nothingDeleted() throws Exception {
        Path out = dir.resolve("old");
        Files.createDirectories(out.resolve("events"));
        Files.writeString(out.resolve("events/important.txt"), "mine\n");
        Files.writeString(out.resolve("nodes.csv"), "mine\n");
        CliRunner r = run(out, "5", "--replace");
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertEquals("openmark: error: --out=" + out + ": holds files named as a run's outputs (events/important.txt,"
                + " nodes.csv) but no manifest (.openmark-outputs) saying openmark wrote them, so --replace does not"
                + " delete them: move them away yourself, or give a new or empty directory", r.err.strip(),
                r::toString);
        assertEquals("mine\n", Files.readString(out.resolve("events/important.txt")));
        assertEquals("mine\n", Files.readString(out.resolve("nodes.csv")));
    }

    @Test
    void run_intoADirectoryOfOtherFiles_isNoOtherRun() throws Exception {
        Path out = dir.resolve("mine");
        Files.createDirectories(out);
        Files.writeString(out.resolve("notes.txt"), "mine\n");
        CliRunner r = run(out, "7");
        assertEquals(0, r.exitCode, r::toString);
        assertEquals("mine\n", Files.readString(out.resolve("notes.txt")));
    }

    @Test
    void replace_withoutOut_refused() {
        CliRunner r = CliRunner.run("run", "--store", "memory", "--duration", "1s", "--time", "virtual", "--replace",
                "--quiet");
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.contains("--replace=true: replaces the results in --out DIR; give --out"), r::toString);
    }

    /**
     * latency.hlog's start is result.json's startEpochMs: one time base for every output. In real
     * time, where the interval path is warmed before the phase (the log used to start before it).
     */
    @Test
    void run_hlogStartTime_isTheResultsStart() throws Exception {
        Path out = dir.resolve("timebase");
        CliRunner r = CliRunner.run("run", "--store", "memory", "-p", "recordcount=50", "--rate", "200", "--duration",
                "1s", "--quiet", "--out", out.toString());
        r.assertRan();
        long startEpochMs = new ObjectMapper().readTree(out.resolve("result.json").toFile()).get("startEpochMs")
                .asLong();
        String hlog = Files.readString(out.resolve("latency.hlog"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("#\\[StartTime: ([0-9.]+) ").matcher(hlog);
        assertTrue(m.find(), hlog);
        assertEquals(startEpochMs / 1000.0, Double.parseDouble(m.group(1)), 0.0005, hlog);
    }
}
