package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openmark.api.WarsTracing;
import org.openmark.api.WarsTracing.Quorums;
import org.openmark.consistency.PbsConfigurations;
import org.openmark.consistency.PbsPrediction;
import org.openmark.consistency.ProbabilityEstimate;
import org.openmark.consistency.TracedPair;
import org.openmark.consistency.WarsSamples;

/** The staleness page's trade-off: one point per R and W, the measured one marked, every figure in the table. */
class StalenessHtmlTest {

    private static PbsConfigurations all() {
        WarsSamples samples = new WarsSamples();
        for (int i = 0; i < 10; i++) {
            samples.add(new TracedPair(new double[] {2, 4}, new double[] {0, 0}, new double[] {0.5, 0.5},
                    new double[] {1, 3}, 0, 0, 0.25, 1, new WarsTracing.Nodes("a", List.of("b", "c"), "a",
                            List.of("b", "c"))));
        }
        return PbsConfigurations.predict(PbsPrediction.predict(new Quorums(3, 1, 2), samples, List.of(0.0, 3.0), 3,
                new double[0]));
    }

    @Test
    void render_everyConfigurationAPoint_theMeasuredOneFilledAndLabelled() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("store", "sim <script>");
        String page = StalenessHtml.render(facts, Map.of(0.0, new ProbabilityEstimate(0.6, 0.5, 0.7)), all());
        Matcher circles = Pattern.compile("<circle ").matcher(page);
        int points = 0;
        while (circles.find()) {
            points++;
        }
        assertEquals(9, points, "one point per R and W of N=3");
        assertEquals(1, page.split("fill=\"#2e8b47\"", -1).length - 1, "one filled point: the measured R=1 W=2");
        assertTrue(page.contains("<title>R=1 W=2 (measured): P "), page);
        // W=2: the second acknowledgement at 2 ms plus the client's 1 ms; the read at R=1: a, b or c's answer
        assertTrue(page.contains("<td>3.000 / 3.000</td>"), page);
        assertTrue(page.contains("(measured 0.60000)"), page);
        assertFalse(page.contains("<script>"), "facts are escaped");
        assertTrue(page.contains("sim &lt;script&gt;"), page);
    }

    @Test
    void render_noPrediction_measuredOnly() {
        String page = StalenessHtml.render(Map.of("store", "redis"), Map.of(0.0, new ProbabilityEstimate(1, 1, 1)),
                null);
        assertFalse(page.contains("<svg"), page);
        assertTrue(page.contains("<th>0 ms</th><td>1.00000</td>"), page);
    }
}
