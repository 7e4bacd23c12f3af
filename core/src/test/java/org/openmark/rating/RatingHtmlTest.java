package org.openmark.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.openmark.report.html.RatingHtml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class RatingHtmlTest {

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static int count(Document doc, String tag, String attribute, String value) {
        NodeList all = doc.getElementsByTagName(tag);
        int n = 0;
        for (int i = 0; i < all.getLength(); i++) {
            if (value.equals(((Element) all.item(i)).getAttribute(attribute))) {
                n++;
            }
        }
        return n;
    }

    @Test
    void render_papersQuadratic_drawsEveryExperimentOnBothChartsAndTheTimeBreakdown() throws Exception {
        Sla sla = Sla.parse("p95<=1ms, for 10m");
        RatingReport report = new Rater(RatingFixtures.settings(SearchStrategy.GOLDEN, 4), sla,
                ReloadPolicy.parse("full"), new RatingCosts(Duration.ofMinutes(20), Duration.ofMinutes(20),
                        Duration.ofSeconds(30), Duration.ofMinutes(1)))
                .rate(new CurveExperimenter(Curve.parse("quadratic:peak=100000000"), sla, Duration.ofMinutes(1)));
        assertTrue(report.memoHits() > 0, "the golden search asks for some loads twice");
        Document doc = parse(RatingHtml.render(report));
        assertTrue(doc.getElementsByTagName("title").item(0).getTextContent().contains("100,000,000 ops/s"));
        assertEquals(3, doc.getElementsByTagName("svg").getLength(), "throughput, latency, time breakdown");
        // Each experiment that ran is a dot on both charts, each memo hit a ring, the confirmation a dot.
        int dots = count(doc, "circle", "stroke", "#ffffff");
        assertEquals(2 * (report.uniqueExperiments() + report.confirmations().size()), dots);
        int rings = count(doc, "circle", "fill", "none");
        assertEquals(2 * report.memoHits(), rings);
        NodeList rows = doc.getElementsByTagName("tbody").item(0).getChildNodes();
        int tableRows = 0;
        for (int i = 0; i < rows.getLength(); i++) {
            tableRows += rows.item(i) instanceof Element e && e.getTagName().equals("tr") ? 1 : 0;
        }
        assertEquals(report.totalExperiments() + report.confirmations().size(), tableRows);
        String text = doc.getDocumentElement().getTextContent();
        assertTrue(text.contains(RatingFormat.duration(report.time().total())), "the total time");
        assertTrue(text.contains("reloads ω·ν (" + report.time().reloads() + " × 20m)"), text);
        // The chosen point is marked on both charts: the rating's load, labelled with its value.
        String label = "the rating: " + RatingFormat.opsPerSec(report.rating().orElseThrow().valueOpsPerSec())
                + " ops/s at " + report.rating().orElseThrow().load();
        assertEquals(2, text.split(java.util.regex.Pattern.quote(label), -1).length - 1, "marked on both charts");
    }

    @Test
    void render_searchStopped_saysLowerBoundAndWhy() throws Exception {
        RatingReport report = new RatingReport(Sla.parse("p99<=50ms"), RatingFixtures.settings(SearchStrategy.GOLDEN,
                2), ReloadPolicy.of(ReloadMode.NONE), Climb.Outcome.STOPPED, java.util.List.of(
                        new ExperimentRecord(1, "climb", RatingFixtures.passing(100, 100), false),
                        new ExperimentRecord(2, "climb", RatingFixtures.invalid(200, 150, "send lag <b>"), false)), 2, 2,
                java.util.Optional.of(new RatingReport.Rating(100, 100, false, RatingFixtures.passing(100, 100))),
                java.util.List.of(), TimeBreakdown.of(RatingCosts.experimentsOnly(Duration.ofSeconds(5)),
                        ReloadPolicy.of(ReloadMode.NONE), 2, 0, Duration.ZERO), java.util.List.of(), 1,
                java.util.Optional.of(new SearchStop(200, "invalid twice", true)));
        String html = RatingHtml.render(report);
        Document doc = parse(html);
        String text = doc.getDocumentElement().getTextContent();
        assertTrue(text.contains("≥ 100 ops/s a lower bound: invalid twice"), text);
        assertTrue(text.contains("NO: send lag <b>"), "shown as text");
        assertTrue(text.contains(RatingReportText.INVALID_MEANS), "what an invalid row means");
        assertTrue(text.contains("150 ops/s1msmissed"), "the invalid run's latency as measured: " + text);
        assertTrue(html.contains("send lag &lt;b&gt;"), "escaped");
        assertEquals(1, count(doc, "div", "class", "verdict invalid"));
    }
}
