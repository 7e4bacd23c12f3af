package org.openmark.store.rocksdb.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link YcsbRocksDbMain} on YCSB's RocksDB library (rocksdbjni 6.2.2, which the build copies
 * next to the test classes and names in the system property {@value #JAR_PROPERTY}) in a child JVM.
 */
public final class YcsbRocksDbProcess {
    public static final String JAR_PROPERTY = "ycsb.rocksdbjni.jar";
    private static final long TIMEOUT_SECONDS = 120;

    private YcsbRocksDbProcess() {
    }

    /** Loads {@code count} data-integrity records into {@code table} as YCSB 0.17 does. */
    public static void load(Path dir, String table, int count, int fields, int length) {
        List<String> out = run("load", dir.toString(), table, Integer.toString(count), Integer.toString(fields),
                Integer.toString(length));
        assertEquals("loaded " + count, out.get(out.size() - 1), String.join("\n", out));
    }

    /** Every record of {@code table} as YCSB 0.17 reads it, by key. */
    public static Map<String, Map<String, byte[]>> records(Path dir, String table) {
        List<String> out = run("dump", dir.toString(), table);
        Map<String, Map<String, byte[]>> records = new TreeMap<>();
        for (String line : out.subList(0, out.size() - 1)) {
            String[] parts = line.split("\t", -1);
            records.computeIfAbsent(parts[0], k -> new TreeMap<>()).put(parts[1], HexFormat.of().parseHex(parts[2]));
        }
        assertEquals("records " + records.size(), out.get(out.size() - 1));
        return records;
    }

    private static List<String> run(String... args) {
        String jar = System.getProperty(JAR_PROPERTY);
        assumeTrue(jar != null && Files.isRegularFile(Path.of(jar)),
                "YCSB's rocksdbjni jar is not there (" + JAR_PROPERTY + "=" + jar + "): run the tests through Maven");
        try {
            Path classes = Path.of(YcsbRocksDbMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", jar + File.pathSeparator + classes,
                    YcsbRocksDbMain.class.getName()));
            command.addAll(List.of(args));
            Path output = Files.createTempFile("ycsb-rocksdb-", ".out");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError("YCSB's RocksDB did not finish in " + TIMEOUT_SECONDS + " s: " + command);
                }
                List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8).stream()
                        .filter(l -> !l.startsWith("WARNING:")).toList();
                if (process.exitValue() != 0) {
                    throw new AssertionError("YCSB's RocksDB failed (exit " + process.exitValue() + "): "
                            + String.join("\n", lines));
                }
                return lines;
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
