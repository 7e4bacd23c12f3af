package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;

class UnusedYcsbOutputTest {
    private static Optional<String> note(Path out, String... pairs) {
        Map<String, String> m = new HashMap<>(Map.of("store", "memory", "operationcount", "10"));
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return ConfigNotes.unusedYcsbOutput(RunConfigParser.parse(Phase.RUN, Settings.of(m), out, true));
    }

    @Test
    void ycsbsDefaultsAndTheExporter_noNote() {
        assertEquals(Optional.empty(), note(null));
        assertEquals(Optional.empty(), note(null, "measurementtype", "hdrhistogram", "hdrhistogram.fileoutput", "false",
                "exporter", "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"));
    }

    @Test
    void anotherMeasurementType_saysWhereTheIntervalsAre() {
        assertEquals(Optional.of("YCSB's measurementtype=histogram is not used: openmark records every operation in"
                + " HdrHistogram and prints percentiles; each interval's figures are in DIR/timeseries.csv and its"
                + " histograms in DIR/latency.hlog (with --out DIR)"), note(null, "measurementtype", "histogram"));
    }

    @Test
    void hdrFileOutputWithTheHdrHistogramType_noNote() {
        // the files are written (YcsbHdrFilesTest), so there is nothing to say
        assertEquals(Optional.empty(), note(Path.of("res"), "hdrhistogram.fileoutput", "true",
                "hdrhistogram.output.path", System.getProperty("java.io.tmpdir") + "/"));
    }

    @Test
    void timeSeriesType_noNote() {
        assertEquals(Optional.empty(), note(null, "measurementtype", "timeseries"));
    }

    @Test
    void hdrFileOutputWithTheTimeSeriesType_saysYcsbWritesNoFileEither() {
        assertEquals(Optional.of("YCSB's hdrhistogram.fileoutput=true (with measurementtype=timeseries YCSB writes no"
                + " .hdr file either) is not used: openmark records every operation in HdrHistogram and prints"
                + " percentiles; each interval's figures are in res/timeseries.csv and its histograms in"
                + " res/latency.hlog"), note(Path.of("res"), "hdrhistogram.fileoutput", "true", "measurementtype",
                "timeseries"));
    }
}
