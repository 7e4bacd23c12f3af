package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's .hdr files and time series of a cluster run: the coordinator writes them from the merged
 * intervals, so their counts are the merged report's; the workers write none.
 */
@Tag("integration")
class YcsbOutputsClusterEndToEndTest {

    private static long operations(String out, String block) {
        Matcher m = Pattern.compile("^\\[" + Pattern.quote(block) + "\\], Operations, (\\d+)$", Pattern.MULTILINE)
                .matcher(out);
        assertTrue(m.find(), "no [" + block + "] block in:\n" + out);
        return Long.parseLong(m.group(1));
    }

    @Test
    void runOnTwoLocalWorkers_hdrFiles_theMergedCounts(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("run", "--local-workers", "2", "--store", "memory", "-P", "workloads/workloada",
                "-p", "recordcount=200", "-p", "operationcount=2000", "--rate", "1000", "-p",
                "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + dir + "/", "--quiet");
        r.assertRan();
        for (String block : new String[] {"READ", "UPDATE", "SERVICE-READ", "SERVICE-UPDATE"}) {
            long n = 0;
            HistogramLogReader reader = new HistogramLogReader(dir.resolve(block + ".hdr").toFile());
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                n += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
            reader.close();
            assertEquals(operations(r.out, block), n, block + ".hdr against the merged report: " + r);
        }
        try (var files = Files.list(dir)) {
            assertEquals(4, files.count(), "one per block of the open model's report, nothing of the workers'");
        }
    }

    @Test
    void runOnTwoLocalWorkers_timeSeries_linesOfTheMergedIntervals() {
        CliRunner r = CliRunner.run("run", "--local-workers", "2", "--store", "memory", "-P", "workloads/workloada",
                "-p", "recordcount=200", "-p", "operationcount=3000", "--rate", "1000", "-p",
                "measurementtype=timeseries", "--quiet");
        r.assertRan();
        Matcher m = Pattern.compile("^\\[READ\\], (\\d+), ([0-9.E]+)$", Pattern.MULTILINE).matcher(r.out);
        int lines = 0;
        while (m.find()) {
            assertEquals(0, Long.parseLong(m.group(1)) % 1000, m.group());
            lines++;
        }
        assertTrue(lines >= 2, "a line per second of a 3-second run: " + r);
    }
}
