package org.openmark.pbs;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * Renders a {@link PbsResult} as JSON: {@code {"configs":[{"n","r","w","t","k","pConsistent",
 * "pStdErr","readLatencyMs":{"mean","p999"},"writeLatencyMs":{...},"tFor99","tFor999"
 * [,"curve"]}...],"seed","trials","n","t","k","readFanout","distributions":{"w","a","r","s"}
 * [,"curveTMs"]}}. Times and latencies are in ms. Deterministic for a seed (no timings).
 */
public final class PbsJsonReport {
    private static final JsonFactory FACTORY = new JsonFactory();

    private PbsJsonReport() {
    }

    /** Writes the result as pretty-printed JSON followed by a newline. */
    public static void write(PbsResult result, Writer out) {
        PbsSpec spec = result.spec();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("configs");
            for (ConfigResult c : result.configs()) {
                writeConfig(g, spec, c);
            }
            g.writeEndArray();
            g.writeNumberField("seed", spec.seed());
            g.writeNumberField("trials", spec.trials());
            g.writeNumberField("n", spec.replicas());
            g.writeNumberField("t", spec.tMs());
            g.writeNumberField("k", spec.k());
            g.writeStringField("readFanout", spec.fanout().label());
            g.writeObjectFieldStart("distributions");
            for (WarsKind kind : WarsKind.values()) {
                g.writeStringField(kind.name().toLowerCase(Locale.ROOT), spec.wars().get(kind).spec());
            }
            g.writeEndObject();
            double[] ts = spec.curveTsMs();
            if (ts.length > 0) {
                g.writeFieldName("curveTMs");
                g.writeArray(ts, 0, ts.length);
            }
            g.writeEndObject();
            g.flush();
            out.write(System.lineSeparator());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeConfig(JsonGenerator g, PbsSpec spec, ConfigResult c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("n", spec.replicas());
        g.writeNumberField("r", c.r());
        g.writeNumberField("w", c.w());
        g.writeNumberField("t", spec.tMs());
        g.writeNumberField("k", spec.k());
        g.writeNumberField("pConsistent", c.pConsistent());
        g.writeNumberField("pStdErr", c.pStdErr());
        g.writeObjectFieldStart("readLatencyMs");
        g.writeNumberField("mean", c.readMeanMs());
        g.writeNumberField("p999", c.readP999Ms());
        g.writeEndObject();
        g.writeObjectFieldStart("writeLatencyMs");
        g.writeNumberField("mean", c.writeMeanMs());
        g.writeNumberField("p999", c.writeP999Ms());
        g.writeEndObject();
        g.writeNumberField("tFor99", c.tFor99Ms());
        g.writeNumberField("tFor999", c.tFor999Ms());
        double[] curve = c.curve();
        if (curve.length > 0) {
            g.writeFieldName("curve");
            g.writeArray(curve, 0, curve.length);
        }
        g.writeEndObject();
    }
}
