package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A YCSB user's files and options on the command line: YCSB's time-series workload file
 * ({@code -P workloads/tsworkloada}) runs YCSB's TimeSeriesWorkload through the adapter, and
 * {@code hdrhistogram.fileoutput} writes YCSB's per-operation {@code .hdr} files (docs/ycsb-bindings.md,
 * docs/results.md).
 */
class YcsbWorkloadsEndToEndTest {

    private static long operations(String out, String block) {
        Matcher m = Pattern.compile("^\\[" + Pattern.quote(block) + "\\], Operations, (\\d+)$", Pattern.MULTILINE)
                .matcher(out);
        assertTrue(m.find(), "no [" + block + "] block in:\n" + out);
        return Long.parseLong(m.group(1));
    }

    private static long logged(Path file) throws Exception {
        long n = 0;
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            n += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
        reader.close();
        return n;
    }

    @Test
    void run_tsworkloadaAsYcsbShipsIt_runsTimeSeriesWorkloadWithoutWarnings() {
        CliRunner r = CliRunner.run("run", "-P", "workloads/tsworkloada", "--store", "memory", "-p", "recordcount=2048",
                "-p", "operationcount=2000", "-threads", "2", "--quiet");
        r.assertRan();
        assertEquals(2000, operations(r.out, "DO-TRANSACTION"), r::toString);
        assertEquals(2000, operations(r.out, "INSERT") + operations(r.out, "READ"), r::toString);
        assertFalse(r.err.contains("unknown property"), r::toString);
        assertFalse(r.err.contains("did you mean site.ycsb.workloads.CoreWorkload"), r::toString);
    }

    @Test
    void run_hdrFileOutput_writesYcsbsFilesWithTheReportsCounts(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", "-P", "workloads/workloada", "--store", "memory", "-p", "recordcount=500",
                "-p", "operationcount=3000", "--rate", "3000", "-p", "hdrhistogram.fileoutput=true", "-p",
                "hdrhistogram.output.path=" + dir + "/", "--quiet");
        r.assertRan();
        for (String block : new String[] {"READ", "UPDATE", "SERVICE-READ", "SERVICE-UPDATE"}) {
            Path file = dir.resolve(block + ".hdr");
            assertTrue(Files.isRegularFile(file), r::toString);
            assertEquals(operations(r.out, block), logged(file), file.toString());
        }
    }

    @Test
    void run_hdrOutputPathMissing_exit2NamingTheProperty(@TempDir Path dir) {
        CliRunner r = CliRunner.run("run", "-P", "workloads/workloada", "--store", "memory", "-p", "recordcount=50",
                "-p", "operationcount=50", "-p", "hdrhistogram.fileoutput=true", "-p",
                "hdrhistogram.output.path=" + dir + "/nope/", "--quiet");
        assertEquals(2, r.exitCode, r::toString);
        assertTrue(r.err.contains("hdrhistogram.output.path"), r::toString);
    }
}
