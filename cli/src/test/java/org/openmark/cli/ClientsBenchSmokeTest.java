package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.services.bench.Figures;

/**
 * {@code bin/bench clients smoke}, so the benchmark against the peers cannot rot: it starts a
 * throwaway Redis and PostgreSQL with bin/openmark-services, loads them, runs openmark alone at
 * one rate for a few seconds on each, and prints the figures the full benchmark prints for every
 * tool. The figures of so short a run on a shared machine mean nothing; that each is there and
 * was measured (a client that used CPU and memory, an achieved rate) is what is checked, on the
 * figures the benchmark wrote to clients.tsv, read back by the benchmark's own reader.
 */
@Tag("integration")
class ClientsBenchSmokeTest {
    @TempDir
    Path dir;

    @Test
    void clientsSmoke_redisAndPostgres_everyFigureMeasured() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Path log = dir.resolve("bench.log");
        ProcessBuilder bench = new ProcessBuilder(root.resolve("bin/bench").toString(), "clients", "smoke")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        bench.environment().put("OPENMARK_BENCH_CP", System.getProperty("java.class.path"));
        bench.environment().put("OPENMARK_BENCH_DIR", dir.resolve("bench").toString());
        bench.environment().put("OPENMARK_SERVICES_DIR", dir.resolve("services").toString());
        bench.environment().put("OPENMARK_JAVA_OPTS", "-Xms256m -Xmx512m");
        Process p = bench.start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "bin/bench clients smoke did not end");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);

        List<Figures> figures = Files.readAllLines(dir.resolve("bench/clients.tsv")).stream().map(Figures::fromTsvRow)
                .toList();
        assertEquals(List.of("openmark-redis", "openmark-jdbc"), figures.stream().map(Figures::tool).toList(), out);
        for (Figures f : figures) {
            assertEquals("1000", f.rate(), f::toString);
            assertTrue(f.achievedPerSecond() > 0, () -> "an achieved rate: " + f);
            assertTrue(f.p99Micros().isPresent(), () -> "a p99: " + f);
            assertTrue(f.clientCpuMicrosPerOp() > 0, () -> "the client's CPU was measured: " + f);
            assertTrue(f.clientRssMiB() > 0, () -> "the client's memory was measured: " + f);
            // the line it printed: these figures, then whether the run was valid
            assertTrue(out.contains(f.line() + ", valid "), () -> "no line for " + f + " in:\n" + out);
        }
        assertTrue(out.contains("load average "), out);
        // every server the bench started is stopped again
        try (var left = Files.list(dir.resolve("services"))) {
            assertEquals(List.of(), left.map(Path::getFileName).map(Path::toString).filter(n -> n.startsWith("bench-"))
                    .toList());
        }
    }
}
