package org.openmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.output.TimeSeriesSink;
import org.openmark.report.html.HtmlReport;
import org.openmark.run.RunResult;

/** A run renders its page from the result in memory; {@code report DIR} from result.json: the same page. */
class HtmlFromResultTest {
    @TempDir
    Path dir;

    @Test
    void write_fromTheResultInMemory_isThePageReportDirMakes() throws Exception {
        RunResult result = SampleResults.openRun();
        Files.writeString(dir.resolve("result.json"), JsonReport.render(result));
        Files.writeString(dir.resolve("timeseries.csv"), TimeSeriesSink.HEADER + "\n");
        String fromDisk = HtmlReport.fromDirectory(dir);

        Path written = HtmlReport.write(dir, result);

        assertEquals(fromDisk, Files.readString(written));
    }
}
