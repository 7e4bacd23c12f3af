package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.measure.HistogramCodec;

class SpectrumTest {
    private static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    @Test
    void of_randomHeavyTailedHistograms_pointsNeverDecreaseAndSpanMinToMax() {
        SplittableRandom random = new SplittableRandom(99);
        for (int i = 0; i < 200; i++) {
            Histogram h = histogram();
            int n = random.nextInt(1, 20_000);
            for (int k = 0; k < n; k++) {
                // Pareto-like: mostly fast, a few very slow.
                h.recordValue((long) (50 / Math.pow(1 - random.nextDouble(), 0.8)));
            }
            List<Spectrum.Point> points = Spectrum.of(h);
            String where = "n=" + n;
            assertEquals(0, points.get(0).percentile(), 1e-9, where);
            assertEquals(h.lowestEquivalentValue(h.getMinValue()),
                    h.lowestEquivalentValue(points.get(0).valueUs()), where);
            Spectrum.Point last = points.get(points.size() - 1);
            assertEquals(100, last.percentile(), 1e-9, where);
            assertEquals(h.highestEquivalentValue(h.getMaxValue()), last.valueUs(), where);
            for (int k = 1; k < points.size(); k++) {
                assertTrue(points.get(k).percentile() > points.get(k - 1).percentile(), where + " at " + k);
                assertTrue(points.get(k).valueUs() >= points.get(k - 1).valueUs(), where + " at " + k);
            }
        }
    }

    @Test
    void of_emptyHistogram_hasNoPoints() {
        assertTrue(Spectrum.of(histogram()).isEmpty());
    }

    @Test
    void merged_twoStatuses_addsTheirCounts() {
        Histogram ok = histogram();
        Histogram error = histogram();
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            ok.recordValue(random.nextLong(10, 1000));
        }
        error.recordValue(50_000);
        ObjectNode byStatus = new ObjectMapper().createObjectNode();
        byStatus.put("OK", HistogramCodec.encode(ok));
        byStatus.put("ERROR", HistogramCodec.encode(error));
        Histogram merged = Spectrum.merged(byStatus, "operations.READ.histograms.response");
        assertEquals(1001, merged.getTotalCount());
        assertEquals(error.getMaxValue(), merged.getMaxValue());
        assertEquals(ok.getMinValue(), merged.getMinValue());
    }

    @Test
    void merged_missing_isEmpty() {
        JsonNode missing = new ObjectMapper().createObjectNode().path("response");
        assertEquals(0, Spectrum.merged(missing, "x").getTotalCount());
    }

    @Test
    void merged_garbage_isBadInputNamingTheHistogram() {
        ObjectNode byStatus = new ObjectMapper().createObjectNode().put("OK", "bm90IGEgaGlzdG9ncmFt");
        ConfigException e = assertThrows(ConfigException.class,
                () -> Spectrum.merged(byStatus, "operations.READ.histograms.response"));
        assertTrue(e.getMessage().startsWith("operations.READ.histograms.response.OK: not an encoded histogram"),
                e.getMessage());
    }

    @Test
    void inverseTail_percentiles_mapToDecadesAndTheEndOfTheAxis() {
        assertEquals(1, SpectrumPlot.inverseTail(0, 1e4), 1e-9);
        assertEquals(10, SpectrumPlot.inverseTail(90, 1e4), 1e-9);
        assertEquals(1000, SpectrumPlot.inverseTail(99.9, 1e4), 1e-6);
        assertEquals(1e4, SpectrumPlot.inverseTail(100, 1e4), 1e-9);
        assertEquals(1e4, SpectrumPlot.inverseTail(99.9999, 1e4), 1e-9, "beyond the axis: drawn at its end");
    }
}
