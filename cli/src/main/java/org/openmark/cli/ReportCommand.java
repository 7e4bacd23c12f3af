package org.openmark.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.openmark.report.html.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code openmark report DIR}: (re)generates DIR/report.html from the result files in DIR. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write DIR/report.html, a self-contained page with the verdict, accounting, latency and"
                + " throughput over time, the percentile spectrum and a table per operation, from the"
                + " result.json and timeseries.csv that 'run --out DIR' wrote there.",
            "Example: bin/openmark report results/"})
final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    OpenmarkCommand parent;

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory written by run or load with --out.")
    Path dir;

    @Override
    public Integer call() throws IOException {
        // Nothing to save on Ctrl-C/SIGTERM: the page being written is deleted, the exit code is 130.
        try (Interruption interruption = Interruption.immediate(parent.err)) {
            Path written = HtmlReport.write(dir);
            parent.out.println("openmark: report in " + written);
            return 0;
        }
    }
}
