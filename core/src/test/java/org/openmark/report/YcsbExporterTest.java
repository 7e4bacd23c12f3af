package org.openmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;

class YcsbExporterTest {
    private static final List<ReportLine> LINES = List.of(
            new ReportLine("OVERALL", "RunTime(ms)", "15"),
            new ReportLine("OVERALL", "Throughput(ops/sec)", "1.6556255048e7"),
            new ReportLine("RUN", "Valid", "true"),
            new ReportLine("RUN", "Model", "closed(threads=2)"),
            new ReportLine("NOTE", "a note, with a comma", ""));

    @ParameterizedTest
    @CsvSource({
        "site.ycsb.measurements.exporter.TextMeasurementsExporter, TEXT",
        "com.yahoo.ycsb.measurements.exporter.JSONMeasurementsExporter, JSON",
        "JSONArrayMeasurementsExporter, JSON_ARRAY",
        "json, JSON",
        "JSON-array, JSON_ARRAY",
        "text, TEXT"})
    void named_ycsbClassNamesOldAndNewAndShortNames(String value, YcsbExporter expected) {
        assertEquals(expected, YcsbExporter.named(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "site.ycsb.measurements.exporter.CsvExporter", "org.JSONMeasurementsExporter"})
    void named_anythingElse_isBadInputNamingThePropertyAndTheChoices(String value) {
        ConfigException e = assertThrows(ConfigException.class, () -> YcsbExporter.named(value));
        assertTrue(e.getMessage().startsWith("exporter=" + value + ": must name one of YCSB's exporters:"
                + " site.ycsb.measurements.exporter.TextMeasurementsExporter,"), e.getMessage());
    }

    @Test
    void text_isTheLinesAsPrinted() {
        assertEquals("""
                [OVERALL], RunTime(ms), 15
                [OVERALL], Throughput(ops/sec), 1.6556255048e7
                # [RUN], Valid, true
                # [RUN], Model, closed(threads=2)
                # [NOTE], a note, with a comma
                """, YcsbExporter.TEXT.render(LINES));
    }

    /** YCSB's exporters can only write numbers: the lines whose value is not one are left out. */
    @Test
    void jsonArray_onlyTheLinesWhoseValueIsANumber() {
        assertEquals("""
                [ {
                  "metric" : "OVERALL",
                  "measurement" : "RunTime(ms)",
                  "value" : 15
                }, {
                  "metric" : "OVERALL",
                  "measurement" : "Throughput(ops/sec)",
                  "value" : 1.6556255048E7
                } ]
                """, YcsbExporter.JSON_ARRAY.render(LINES));
    }

    @Test
    void json_isTheSameObjectsOneAfterTheOther() {
        String array = YcsbExporter.JSON_ARRAY.render(LINES);
        String objects = array.substring(2, array.length() - 3).replace("}, {", "} {") + "\n";
        assertTrue(objects.startsWith("{\n  \"metric\" : \"OVERALL\""), objects);
        assertEquals(objects, YcsbExporter.JSON.render(LINES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[TXN], Units, 12", "[TOTAL CASH], 1000", "Database validation succeeded",
        "[not, a section"})
    void reportLine_parse_printsTheSameLineAgain(String line) {
        assertEquals(line, ReportLine.parse(line).text());
    }

    @Test
    void reportLine_parse_aLineOfWords_printsItAsATextLine() {
        assertEquals("# [VALIDATION], Anomaly score, 0.5, of 1",
                ReportLine.parse("[VALIDATION], Anomaly score, 0.5, of 1").text());
    }

    @Test
    void reportLine_parse_sectionMetricValue() {
        assertEquals(new ReportLine("TOTAL CASH", "1000", ""), ReportLine.parse("[TOTAL CASH], 1000"));
        assertEquals(new ReportLine("TXN", "Units", "12"), ReportLine.parse("[TXN], Units, 12"));
        assertEquals(new ReportLine("", "Database validation failed", ""),
                ReportLine.parse("Database validation failed"));
    }

    @Test
    void aPlainLineOrText_inJsonIsLeftOut_aTwoFieldNumberIsKept() {
        String json = YcsbExporter.JSON.render(List.of(ReportLine.parse("Database validation succeeded"),
                ReportLine.parse("[TOTAL CASH], 1000"), ReportLine.parse("[RUN], Store, noop")));
        assertEquals("""
                {
                  "metric" : "TOTAL CASH",
                  "measurement" : "",
                  "value" : 1000
                }
                """, json);
    }
}
