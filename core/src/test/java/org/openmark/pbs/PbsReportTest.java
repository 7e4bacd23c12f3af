package org.openmark.pbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PbsReportTest {
    private static final PbsResult RESULT = PbsSimulator.run(
            PbsSpec.defaults(4261).with(3, 10, 2, 5_000).withCurve(new double[] {0, 5, 10}));

    @Test
    void json_parsesWithTheDocumentedFields() throws Exception {
        StringWriter out = new StringWriter();
        PbsJsonReport.write(RESULT, out);
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertEquals(4261, root.get("seed").asLong());
        assertEquals(5_000, root.get("trials").asLong());
        assertEquals("all", root.get("readFanout").asText());
        assertEquals(WarsDistributions.lnkdDisk().w().spec(), root.get("distributions").get("w").asText());
        assertEquals(3, root.get("curveTMs").size());
        JsonNode configs = root.get("configs");
        assertEquals(9, configs.size());
        for (int i = 0; i < 9; i++) {
            JsonNode c = configs.get(i);
            ConfigResult expected = RESULT.configs().get(i);
            for (String field : List.of("n", "r", "w", "t", "k", "pConsistent", "pStdErr", "tFor99", "tFor999")) {
                assertTrue(c.has(field), field);
            }
            assertEquals(3, c.get("n").asInt());
            assertEquals(i / 3 + 1, c.get("r").asInt());
            assertEquals(i % 3 + 1, c.get("w").asInt());
            assertEquals(10.0, c.get("t").asDouble());
            assertEquals(2, c.get("k").asInt());
            assertEquals(expected.pConsistent(), c.get("pConsistent").asDouble());
            assertEquals(expected.readMeanMs(), c.get("readLatencyMs").get("mean").asDouble());
            assertEquals(expected.readP999Ms(), c.get("readLatencyMs").get("p999").asDouble());
            assertEquals(expected.writeMeanMs(), c.get("writeLatencyMs").get("mean").asDouble());
            assertEquals(expected.writeP999Ms(), c.get("writeLatencyMs").get("p999").asDouble());
            assertEquals(expected.tFor99Ms(), c.get("tFor99").asDouble());
            assertEquals(expected.tFor999Ms(), c.get("tFor999").asDouble());
            assertEquals(3, c.get("curve").size());
        }
    }

    @Test
    void text_showsSeedDistributionsARowPerConfigAndTheCurve() {
        StringWriter out = new StringWriter();
        PbsTextReport.write(RESULT, new PrintWriter(out));
        String text = out.toString();
        assertTrue(text.contains("seed=4261"), text);
        assertTrue(text.contains("  W = " + WarsDistributions.lnkdDisk().w().spec()), text);
        long rows = text.lines().filter(l -> l.matches(" [1-3]  [1-3] .*")).count();
        assertEquals(9, rows, text);
        assertTrue(text.contains("strict (R+W>N)"), text);
        assertTrue(text.contains("t-visibility"), text);
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("10 ")), text);
    }
}
