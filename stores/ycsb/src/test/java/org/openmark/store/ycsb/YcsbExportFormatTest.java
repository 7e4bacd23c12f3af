package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.report.ReportLine;
import org.openmark.report.YcsbExporter;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.JSONMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * openmark's exporters beside YCSB 0.17.0's own classes, given the same measurements: a script
 * that reads YCSB's export file reads openmark's byte for byte.
 */
class YcsbExportFormatTest {
    private static final List<ReportLine> LINES = List.of(
            new ReportLine("OVERALL", "RunTime(ms)", "15"),
            new ReportLine("OVERALL", "Throughput(ops/sec)", "66666.66666666667"),
            new ReportLine("READ", "Operations", "502"),
            new ReportLine("READ", "AverageLatency(us)", "0.013944223107569721"),
            new ReportLine("READ", "99thPercentileLatency(us)", "0"),
            new ReportLine("READ", "Return=OK", "502"));
    /** openmark's lines whose value is not a number, which YCSB's exporters cannot write. */
    private static final List<ReportLine> NOT_NUMBERS = List.of(new ReportLine("RUN", "Store", "noop"),
            new ReportLine("RUN", "Valid", "true"), new ReportLine("", "Database validation succeeded", ""));

    private static List<ReportLine> withOpenmarksOwn() {
        List<ReportLine> all = new java.util.ArrayList<>(LINES.subList(0, 2));
        all.addAll(NOT_NUMBERS);
        all.addAll(LINES.subList(2, LINES.size()));
        return all;
    }

    @FunctionalInterface
    private interface Opener {
        MeasurementsExporter open(ByteArrayOutputStream out) throws Exception;
    }

    private static String ycsb(Opener opener) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MeasurementsExporter e = opener.open(out);
        e.write("OVERALL", "RunTime(ms)", 15L);
        e.write("OVERALL", "Throughput(ops/sec)", 66666.66666666667);
        e.write("READ", "Operations", 502L);
        e.write("READ", "AverageLatency(us)", 0.013944223107569721);
        e.write("READ", "99thPercentileLatency(us)", 0);
        e.write("READ", "Return=OK", 502);
        e.close();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void json_asYcsbWritesIt() throws Exception {
        assertEquals(ycsb(JSONMeasurementsExporter::new).strip(), YcsbExporter.JSON.render(withOpenmarksOwn()).strip());
    }

    @Test
    void jsonArray_asYcsbWritesIt() throws Exception {
        assertEquals(ycsb(JSONArrayMeasurementsExporter::new).strip(),
                YcsbExporter.JSON_ARRAY.render(withOpenmarksOwn()).strip());
    }

    @Test
    void text_asYcsbWritesIt() throws Exception {
        assertEquals(ycsb(TextMeasurementsExporter::new), YcsbExporter.TEXT.render(LINES));
    }
}
