package org.openmark.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.api.Status;
import org.openmark.measure.IntervalSnapshot;
import org.openmark.measure.MeasurementWriter;
import org.openmark.measure.Measurements;

/** latency.hlog must be readable by HdrHistogram's own reader, with our tags and values. */
class HlogSinkTest {
    @TempDir
    Path dir;

    @Test
    void hlog_twoIntervals_readBackByHistogramLogReaderWithTags() throws Exception {
        Path file = dir.resolve("latency.hlog");
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        try (HlogSink sink = new HlogSink(file, 1_000_000L)) {
            w.record("READ", Status.OK, 0, 1_000, 2_000_000);
            w.record("READ", Status.OK, 0, 0, 3_000_000);
            IntervalSnapshot first = m.collectInterval(1_000_000L, 1_001_000L);
            sink.interval(first, 1.0, 0, false);
            assertFalse(Files.exists(file), "written under a temporary name until closed");
            w.record("UPDATE", Status.ERROR, 0, 0, 5_000_000);
            sink.interval(m.collectInterval(1_001_000L, 1_002_000L), 2.0, 0, false);
        }
        assertTrue(Files.exists(file));
        Map<String, Long> counts = new HashMap<>();
        Map<String, Long> max = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        EncodableHistogram e;
        while ((e = reader.nextIntervalHistogram()) != null) {
            Histogram h = (Histogram) e;
            counts.merge(h.getTag(), h.getTotalCount(), Long::sum);
            max.merge(h.getTag(), h.getMaxValue(), Math::max);
        }
        assertEquals(2L, counts.get("READ.OK.response"));
        assertEquals(2L, counts.get("READ.OK.service"));
        assertEquals(1L, counts.get("UPDATE.ERROR.response"));
        assertEquals(3L, counts.get("SENDLAG"));
        assertEquals(3000, max.get("READ.OK.response"), 3);
        assertEquals(5000, max.get("UPDATE.ERROR.response"), 5);
    }

    @Test
    void reader_missingFile_throws() {
        org.junit.jupiter.api.Assertions.assertThrows(FileNotFoundException.class,
                () -> new HistogramLogReader(dir.resolve("nope.hlog").toFile()));
    }
}
