package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.openmark.config.ConfigException;
import org.openmark.measure.HistogramCodec;

/**
 * The percentile spectrum of a histogram, HdrHistogram style: points (percentile, value) at
 * steps that halve the remaining tail, so the plot resolves 99%, 99.9%, 99.99%… equally well.
 */
final class Spectrum {
    /** Points per halving of the distance to 100 %, as in HdrHistogram's percentile output. */
    static final int TICKS_PER_HALF_DISTANCE = 5;

    /** A point of the spectrum: {@code percentile} in [0, 100], {@code valueUs} the latency at it. */
    record Point(double percentile, long valueUs) {
    }

    private Spectrum() {
    }

    /** The spectrum; empty for an empty histogram. Both coordinates never decrease. */
    static List<Point> of(Histogram h) {
        List<Point> points = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return points;
        }
        double lastPercentile = -1;
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = Math.min(100, v.getPercentileLevelIteratedTo());
            if (p > lastPercentile) {
                points.add(new Point(p, v.getValueIteratedTo()));
                lastPercentile = p;
            }
        }
        return points;
    }

    /**
     * Decodes and adds up the per-status histograms of {@code byStatus} (e.g.
     * {@code operations.READ.histograms.response}); {@code where} names it in errors.
     */
    static Histogram merged(JsonNode byStatus, String where) {
        Histogram sum = new Histogram(3);
        sum.setAutoResize(true);
        if (byStatus == null || byStatus.isNull() || byStatus.isMissingNode()) {
            return sum;
        }
        if (!byStatus.isObject()) {
            throw new ConfigException(where + ": expected an object of STATUS: base64 histogram");
        }
        Iterator<Map.Entry<String, JsonNode>> fields = byStatus.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> e = fields.next();
            if (!e.getValue().isTextual()) {
                throw new ConfigException(where + "." + e.getKey() + ": expected a base64 histogram");
            }
            try {
                sum.add(HistogramCodec.decode(e.getValue().asText()));
            } catch (IllegalArgumentException | IndexOutOfBoundsException | java.nio.BufferUnderflowException ex) {
                throw new ConfigException(where + "." + e.getKey() + ": not an encoded histogram ("
                        + ex.getMessage() + ")");
            }
        }
        return sum;
    }
}
