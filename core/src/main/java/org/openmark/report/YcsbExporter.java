package org.openmark.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.regex.Pattern;
import org.openmark.config.ConfigException;

/**
 * How the final report is written, as YCSB's {@code exporter} property names it: its text lines,
 * or JSON objects {@code {"metric": SECTION, "measurement": metric, "value": value}}, one after
 * the other or in an array, in the layout YCSB's JSON exporters write. YCSB's exporters can only
 * write numbers, and a script that reads their files expects one in every {@code value}: so the
 * JSON exporters write the lines whose value is a number (a line of two fields, {@code [TOTAL CASH],
 * 1000}, with an empty measurement), and leave out the others (the store's description, the verdict
 * {@code Valid, true}, notes), which result.json and the text hold.
 */
public enum YcsbExporter {
    /** {@code site.ycsb.measurements.exporter.TextMeasurementsExporter}, YCSB's default. */
    TEXT("TextMeasurementsExporter"),
    /** {@code JSONMeasurementsExporter}: the objects one after the other, not in an array. */
    JSON("JSONMeasurementsExporter"),
    /** {@code JSONArrayMeasurementsExporter}: the objects in one array. */
    JSON_ARRAY("JSONArrayMeasurementsExporter");

    /** The property that names it. */
    public static final String PROPERTY = "exporter";
    private static final List<String> PACKAGES = List.of("site.ycsb.measurements.exporter.",
            "com.yahoo.ycsb.measurements.exporter.", "");
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

    private final String className;

    YcsbExporter(String className) {
        this.className = className;
    }

    /** YCSB's class name of it, in the {@code site.ycsb} package. */
    public String ycsbClass() {
        return PACKAGES.get(0) + className;
    }

    /**
     * The exporter {@code value} names: YCSB's class name (in {@code site.ycsb} or the older
     * {@code com.yahoo.ycsb} package, or without one), or {@code text}, {@code json}, {@code json_array}.
     */
    public static YcsbExporter named(String value) {
        for (YcsbExporter e : values()) {
            if (value.equalsIgnoreCase(e.name()) || value.equalsIgnoreCase(e.name().replace('_', '-'))) {
                return e;
            }
            for (String p : PACKAGES) {
                if (value.equals(p + e.className)) {
                    return e;
                }
            }
        }
        throw ConfigException.of(PROPERTY, value, "must name one of YCSB's exporters: "
                + String.join(", ", java.util.Arrays.stream(values()).map(YcsbExporter::ycsbClass).toList())
                + " (or text, json, json_array)");
    }

    /** The report's lines written this way. */
    public String render(List<ReportLine> lines) {
        if (this == TEXT) {
            StringBuilder b = new StringBuilder();
            for (ReportLine l : lines) {
                b.append(l.text()).append('\n');
            }
            return b.toString();
        }
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            if (this == JSON_ARRAY) {
                g.writeStartArray();
            }
            for (ReportLine l : lines) {
                boolean twoFields = l.value().isEmpty();
                String value = twoFields ? l.metric() : l.value();
                if (!DECIMAL.matcher(value).matches()) {
                    continue; // not a number: YCSB's exporters never write one
                }
                g.writeStartObject();
                g.writeStringField("metric", l.section());
                g.writeStringField("measurement", twoFields ? "" : l.metric());
                g.writeFieldName("value");
                writeNumber(g, value);
                g.writeEndObject();
            }
            if (this == JSON_ARRAY) {
                g.writeEndArray();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.append('\n').toString();
    }

    private static void writeNumber(JsonGenerator g, String v) throws IOException {
        if (INTEGER.matcher(v).matches()) {
            g.writeNumber(Long.parseLong(v));
        } else {
            g.writeNumber(Double.parseDouble(v));
        }
    }
}
