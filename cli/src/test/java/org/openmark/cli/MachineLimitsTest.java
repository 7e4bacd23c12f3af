package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs checked against the machine before anything starts: a workload without a record count
 * (not YCSB's 2^31 - 1), and thread counts, record sizes and in-flight bounds whose memory would
 * not fit the heap. Each ends with one line naming the property, exit 2, and nothing written.
 */
class MachineLimitsTest {
    @TempDir
    Path dir;

    private CliRunner refused(String... args) {
        Path out = dir.resolve("out");
        String[] argv = java.util.Arrays.copyOf(args, args.length + 3);
        argv[args.length] = "--quiet";
        argv[args.length + 1] = "--out";
        argv[args.length + 2] = out.toString();
        CliRunner r = CliRunner.run(argv);
        assertEquals(Main.EXIT_BAD_INPUT, r.exitCode, r::toString);
        assertTrue(r.err.startsWith("openmark: error: "), r::toString);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r);
        assertFalse(Files.exists(out), "nothing written: " + r);
        assertEquals("", r.out, r::toString);
        return r;
    }

    /** An empty -P file, and one with only the store's properties: no record count, so no 2^31 - 1 records. */
    @Test
    void run_propertyFileWithoutRecordcount_refusedNamingIt() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.properties"), "");
        Path storeOnly = Files.writeString(dir.resolve("redis.properties"), "redis.host=127.0.0.1\n");
        for (Path file : new Path[] {empty, storeOnly}) {
            CliRunner r = refused("run", "--store", "memory", "-P", file.toString(), "--duration", "1s");
            assertTrue(r.err.contains("recordcount is not set (no -P file sets it, nor -p): the core workload chooses"
                    + " its keys among recordcount records (YCSB reads a missing or zero recordcount as 2147483647"
                    + " records, which nobody loaded); give -p recordcount=N"), r::toString);
        }
        CliRunner load = refused("load", "--store", "memory", "-P", empty.toString());
        assertTrue(load.err.contains("recordcount is not set"), load::toString);
        CliRunner zero = refused("run", "--store", "memory", "-p", "recordcount=0", "--duration", "1s");
        assertTrue(zero.err.contains("recordcount=0: must be >= 1"), zero::toString);
    }

    @Test
    void run_aMillionClientThreads_refusedNamingTheHeap() {
        CliRunner r = refused("run", "--store", "memory", "-threads", "1000000", "--duration", "1s");
        assertTrue(r.err.startsWith("openmark: error: threadcount=1000000: 1,000,000 client threads need about"),
                r::toString);
        assertTrue(r.err.contains(" of the load generator's heap") && r.err.contains("the JVM's -Xmx"), r::toString);
    }

    /** A million fields a record, on a store that keeps its records in this process: 1,000 of them cannot fit. */
    @Test
    void run_aMillionFieldsOnTheMemoryStore_refusedNamingTheRecords() {
        CliRunner r = refused("run", "--store", "memory", "-p", "fieldcount=1000000", "--duration", "1s");
        assertTrue(r.err.startsWith("openmark: error: recordcount=1000: store 'memory' keeps its records in this"
                + " process, and 1,000 records of about 156 MiB each (fieldcount 1000000 × fieldlength 100)"),
                r::toString);
    }

    @Test
    void run_inFlightBoundWhoseRecordsDoNotFit_refusedNamingIt() {
        CliRunner r = refused("run", "--store", "noop", "--max-in-flight", "1000000", "-p", "fieldlength=100000",
                "--duration", "1s");
        assertTrue(r.err.startsWith("openmark: error: maxinflight=1000000: 1,000,000 operations in flight"
                + " (--max-in-flight) with records of about 977 KiB"), r::toString);
    }

    @Test
    void run_propertyFileThatIsADirectory_saysSo() {
        CliRunner r = refused("run", "--store", "memory", "-P", dir.toString(), "--duration", "1s");
        assertTrue(r.err.contains("-P=" + dir + ": is a directory; give a property file"), r::toString);
    }

    /** A load generator that ran out of heap says so in one line, and blames itself, not the store. */
    @Test
    void outOfMemory_oneLineBlamingTheGeneratorsHeap() {
        String line = Main.outOfMemory(new OutOfMemoryError("Java heap space"), 2048L << 20);
        assertTrue(line.startsWith("openmark: the load generator ran out of memory (Java heap space; its heap may grow"
                + " to 2048 MiB): this process, not the store, ended the command"), line);
        assertEquals(1, line.lines().count());
    }
}
