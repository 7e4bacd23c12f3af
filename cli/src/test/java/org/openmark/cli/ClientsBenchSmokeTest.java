package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/bench clients smoke}, so the benchmark against the peers cannot rot: it starts a
 * throwaway Redis and PostgreSQL with bin/openmark-services, loads them, runs openmark alone at
 * one rate for a few seconds on each, and prints the figures the full benchmark prints for every
 * tool. The figures of so short a run on a shared machine mean nothing; that each is there and
 * was measured (a client that used CPU, a server that answered every call) is what is checked.
 */
class ClientsBenchSmokeTest {
    /** A figures line: tool, rate, achieved rate, p99, client and server CPU per operation, memory. */
    private static final Pattern LINE = Pattern.compile("^  (openmark-redis|openmark-jdbc) +1000/s: achieved +(\\d+)/s,"
            + " p99 +(\\d+) us, client CPU +([0-9.]+) us/op, server CPU +([0-9.]+) us/op, client RSS +(\\d+) MiB, valid"
            + " (true|false)$");

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

        List<String> tools = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                tools.add(m.group(1));
                assertTrue(Long.parseLong(m.group(2)) > 0, "an achieved rate: " + line);
                assertTrue(Double.parseDouble(m.group(4)) > 0, "the client's CPU was measured: " + line);
                assertTrue(Long.parseLong(m.group(6)) > 0, "the client's memory was measured: " + line);
            }
        }
        assertEquals(List.of("openmark-redis", "openmark-jdbc"), tools, out);
        assertTrue(out.contains("load average "), out);
        List<String> tsv = Files.readAllLines(dir.resolve("bench/clients.tsv"));
        assertEquals(2, tsv.size(), tsv.toString());
        for (String row : tsv) {
            assertEquals(6, row.split("\t").length, row);
        }
        // every server the bench started is stopped again
        try (var left = Files.list(dir.resolve("services"))) {
            assertEquals(List.of(), left.map(Path::getFileName).map(Path::toString).filter(n -> n.startsWith("bench-"))
                    .toList());
        }
    }
}
