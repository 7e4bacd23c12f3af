package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/bench soak} in a short smoke mode (15 s a store, windows of 5 s), so the hour-long
 * benchmark cannot rot: on the in-memory and the embedded RocksDB store it prints a row per window
 * and a verdict for each figure (send lag, the harness's GC pauses, heap after collection, RSS,
 * each output file's growth), and each run's result.json has the harness's GC pauses. The figures
 * of so short a run on a shared machine mean nothing; that each was measured is what is checked.
 */
@Tag("integration")
class SoakBenchSmokeTest {
    @TempDir
    Path dir;

    @Test
    void soakSmoke_memoryAndRocksdb_everyFigureMeasured() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path log = dir.resolve("bench.log");
        ProcessBuilder bench = new ProcessBuilder(root.resolve("bin/bench").toString(), "soak", "2000", "15s")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        bench.environment().put("OPENMARK_BENCH_CP", System.getProperty("java.class.path"));
        bench.environment().put("OPENMARK_BENCH_DIR", dir.resolve("bench").toString());
        bench.environment().put("OPENMARK_SOAK_WINDOW", "5");
        bench.environment().put("OPENMARK_SOAK_RECORDS", "10000");
        bench.environment().put("OPENMARK_JAVA_OPTS", "-Xms256m -Xmx512m");
        Process p = bench.start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bin/bench soak did not end");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        for (String store : List.of("memory", "rocksdb")) {
            int at = out.indexOf("\n" + store + ": ");
            assertTrue(at >= 0, () -> "no figures for " + store + ":\n" + out);
            String part = out.substring(at);
            // a row per window: its send lag and RSS measured
            assertTrue(Pattern.compile("\n  2 +[0-9]+/[0-9]+ us .* [0-9]+\t").matcher(part).find(), part);
            for (String verdict : List.of("send lag: ", "GC pauses: ", "heap after collection: ", "RSS: ",
                    "latency.hlog: ", "timeseries.csv: ")) {
                assertTrue(part.contains("\n  " + verdict), () -> "no " + verdict + "for " + store + ":\n" + out);
            }
            assertTrue(Pattern.compile("\n  RSS: flat|\n  RSS: grows").matcher(part).find(), part);
            JsonNode result = new ObjectMapper().readTree(dir.resolve("bench/soak-" + store + "/result.json").toFile());
            assertTrue(result.path("sections").path("harnessGcPauses").has("perMinute"), result.toString());
        }
    }
}
