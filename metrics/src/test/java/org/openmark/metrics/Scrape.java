package org.openmark.metrics;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A registry's figures in Prometheus's text format, and single samples read back from it. */
final class Scrape {
    private final String text;

    private Scrape(String text) {
        this.text = text;
    }

    static Scrape of(PrometheusRegistry registry) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, registry.scrape(), EscapingScheme.ALLOW_UTF8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Scrape(out.toString(StandardCharsets.UTF_8));
    }

    String text() {
        return text;
    }

    /** The value of the one sample written exactly as {@code series} (name and labels), or NaN when absent. */
    double value(String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
