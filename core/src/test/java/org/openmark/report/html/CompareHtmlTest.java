package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.compare.Comparison;
import org.openmark.compare.Gate;
import org.openmark.compare.RunData;
import org.openmark.compare.Side;
import org.openmark.measure.Measurements;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * compare.html parsed: every run's series is in every overlay, drawn at its intervals' own times
 * (a dropped interval leaves a gap, it does not shift the points after it), an interval without
 * operations breaks the p99 line instead of drawing 0; several runs share one table per operation.
 */
class CompareHtmlTest {
    /**
     * Ten one-second intervals of READ at 1 ms (times the run's factor); {@code dropped} is left out
     * (as the comparison drops an interval cut short), {@code empty} has no operation.
     */
    private static RunData run(String name, double factor, int dropped, int empty) {
        SplittableRandom random = new SplittableRandom(name.hashCode());
        List<Histogram> reads = new ArrayList<>();
        List<RunData.Interval> intervals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            if (i == dropped) {
                continue;
            }
            Histogram h = Measurements.newHistogram();
            for (int k = 0; i != empty && k < 200; k++) {
                h.recordValue((long) (-Math.log(1 - random.nextDouble()) * 1000 * factor));
            }
            reads.add(h);
            intervals.add(new RunData.Interval(i, 1));
        }
        Map<String, List<Histogram>> ops = new TreeMap<>(Map.of("READ", reads));
        return new RunData(name, Map.of("store", "sim"), true, 10, ops, ops, intervals,
                new RunData.Load(true, 200, 200));
    }

    private static List<Side> sides(RunData... runs) {
        return java.util.Arrays.stream(runs).map(Side::of).toList();
    }

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    /** The chart whose label starts with {@code label}: per line (its title), its path's points, NaN at a break. */
    private static Map<String, List<double[]>> lines(Document doc, String label) {
        NodeList svgs = doc.getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            if (!svg.getAttribute("aria-label").startsWith(label)) {
                continue;
            }
            Map<String, List<double[]>> out = new LinkedHashMap<>();
            NodeList paths = svg.getElementsByTagName("path");
            for (int k = 0; k < paths.getLength(); k++) {
                Element p = (Element) paths.item(k);
                NodeList titles = p.getElementsByTagName("title");
                if (titles.getLength() == 0) {
                    continue;
                }
                List<double[]> points = new ArrayList<>();
                for (String part : p.getAttribute("d").trim().split("(?=[ML])")) {
                    String[] xy = part.substring(1).trim().split(" ");
                    if (part.startsWith("M") && !points.isEmpty()) {
                        points.add(new double[] {Double.NaN, Double.NaN});
                    }
                    points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
                }
                out.put(titles.item(0).getTextContent(), points);
            }
            return out;
        }
        throw new AssertionError("no chart " + label);
    }

    @Test
    void overlays_everyRunsSeriesAtItsOwnTimesWithGaps() throws Exception {
        RunData a = run("a", 1, -1, -1);
        RunData b = run("b", 1.1, 4, -1);
        RunData c = run("c", 0.9, -1, 6);
        String html = CompareHtml.render(Comparison.against(sides(a, b, c)));
        Document doc = parse(html);

        Map<String, List<double[]>> p99 = lines(doc, "Response-time p99 over time");
        assertEquals(List.of("a", "b", "c"), new ArrayList<>(p99.keySet()), "one line per run");
        assertEquals(10, p99.get("a").size());
        // b: interval 4 (4-5 s) dropped: 9 points and a break between the 4th and the 5th.
        assertEquals(10, p99.get("b").size());
        assertTrue(Double.isNaN(p99.get("b").get(4)[0]), "a gap where the interval is missing");
        // The points after the gap are where a's are: at their own end times, not shifted by the missing second.
        for (int i = 5; i < 10; i++) {
            assertEquals(p99.get("a").get(i)[0], p99.get("b").get(i)[0], 1e-9, "interval " + i);
        }
        // c: interval 6 had no operation: no p99 of 0, a break.
        assertEquals(10, p99.get("c").size(), "nine points and a break");
        assertTrue(Double.isNaN(p99.get("c").get(6)[0]));
        assertEquals(p99.get("a").get(7)[0], p99.get("c").get(7)[0], 1e-9);

        Map<String, List<double[]>> rate = lines(doc, "Throughput over time");
        assertEquals(List.of("a", "b", "c"), new ArrayList<>(rate.keySet()));
        assertEquals(10, rate.get("c").size(), "an empty interval is a throughput of 0, drawn");
        assertFalse(rate.get("c").stream().anyMatch(p -> Double.isNaN(p[0])));

        NodeList spectra = doc.getElementsByTagName("svg");
        assertTrue(spectra.getLength() >= 3);
        assertEquals(3, lines(doc, "Percentile spectrum").size(), "one spectrum per run");
    }

    @Test
    void severalRuns_oneTablePerOperationWithAColumnPerRun() throws Exception {
        String html = CompareHtml.render(Comparison.against(sides(run("a", 1, -1, -1), run("b", 1.5, -1, -1),
                run("c", 1, -1, -1))));
        Document doc = parse(html);
        NodeList tables = doc.getElementsByTagName("table");
        assertEquals(1, tables.getLength(), "one operation, one table");
        NodeList head = ((Element) tables.item(0)).getElementsByTagName("th");
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < head.getLength(); i++) {
            columns.add(head.item(i).getTextContent());
        }
        assertEquals(List.of("figure", "a (baseline)", "b", "c"), columns);
        NodeList rows = ((Element) tables.item(0)).getElementsByTagName("tr");
        Element mean = null;
        for (int i = 0; i < rows.getLength(); i++) {
            if (rows.item(i).getTextContent().startsWith("response mean")) {
                mean = (Element) rows.item(i);
            }
        }
        assertNotNull(mean);
        NodeList cells = mean.getElementsByTagName("td");
        assertEquals(4, cells.getLength());
        assertTrue(cells.item(2).getTextContent().contains("slower"), cells.item(2).getTextContent());
        assertEquals("worse", ((Element) cells.item(2)).getAttribute("class"));
        assertTrue(cells.item(3).getTextContent().contains("no significant difference"),
                cells.item(3).getTextContent());
    }

    @Test
    void answer_opensThePageWithTheSummaryTheGateWhatWasNotJudgedAndAForestPlot() throws Exception {
        List<Comparison> comparisons = Comparison.against(sides(run("a", 1, -1, -1), run("b", 1.5, -1, -1)));
        Gate.Verdict verdict = new Gate(0.05, false, false).judge(comparisons);
        String html = CompareHtml.render(comparisons, verdict);
        int gate = html.indexOf("GATE FAILED");
        int summary = html.indexOf("<p class=\"summary worse\">Summary: worse: READ response mean");
        int notJudged = html.indexOf("<strong>Not judged</strong>");
        int forest = html.indexOf("aria-label=\"Forest plot of b against a\"");
        int table = html.indexOf("<table");
        assertTrue(gate > 0 && summary > gate && notJudged > summary && forest > notJudged && table > forest,
                "gate " + gate + ", summary " + summary + ", not judged " + notJudged + ", forest " + forest
                + ", table " + table);
        assertTrue(html.contains("READ: not enough data to judge the response p99.9"), "and why");

        Document doc = parse(html);
        Element svg = null;
        NodeList svgs = doc.getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            if (((Element) svgs.item(i)).getAttribute("aria-label").startsWith("Forest plot")) {
                svg = (Element) svgs.item(i);
            }
        }
        assertNotNull(svg);
        // The line at no change: the darker tick.
        double zero = Double.NaN;
        NodeList ticks = svg.getElementsByTagName("line");
        for (int i = 0; i < ticks.getLength(); i++) {
            Element t = (Element) ticks.item(i);
            if (t.getAttribute("stroke").equals("#333333")) {
                zero = Double.parseDouble(t.getAttribute("x1"));
            }
        }
        // One row per latency figure (service = response here: judged once): mean, p50, p90, p99, p99.9.
        NodeList rows = svg.getElementsByTagName("g");
        assertEquals(5, rows.getLength());
        for (int i = 0; i < rows.getLength(); i++) {
            Element row = (Element) rows.item(i);
            Element dot = (Element) row.getElementsByTagName("circle").item(0);
            String title = row.getElementsByTagName("title").item(0).getTextContent();
            assertTrue(Double.parseDouble(dot.getAttribute("cx")) > zero, "50 % slower, right of 0: " + title);
            if (title.contains("p99.9")) {
                assertEquals("#ffffff", dot.getAttribute("fill"), "not judged: a ring");
                assertEquals(0, row.getElementsByTagName("path").getLength(), "and no interval");
            } else {
                String bar = ((Element) row.getElementsByTagName("path").item(0)).getAttribute("d");
                double low = Double.parseDouble(bar.substring(1, bar.indexOf(' ')));
                assertTrue(low > zero, "the interval is above 0: " + title + ": " + bar);
            }
        }
    }

    @Test
    void forestTicks_atLeast44PixelsApart_zeroKept() {
        // At 1000 px per unit of the log: -5 % at -51.3, -1 % at -10.1, +1 % at 9.9, +5 % at 48.8, +25 % at 223.1.
        assertEquals(List.of(-0.05, 0.0, 0.05, 0.25), ForestPlot.spaced(List.of(-0.05, -0.01, 0.0, 0.01, 0.05, 0.25),
                v -> 1000 * Math.log1p(v)));
    }

    @Test
    void twoRuns_aTableWithBothValuesChangeIntervalAndVerdict() throws Exception {
        String html = CompareHtml.render(Comparison.against(sides(run("a", 1, -1, -1), run("b", 1, -1, -1))));
        Document doc = parse(html);
        NodeList head = ((Element) doc.getElementsByTagName("table").item(0)).getElementsByTagName("th");
        assertEquals(6, head.getLength());
        assertEquals("95% interval", head.item(4).getTextContent());
        assertTrue(html.contains("<td>response max (us)</td>"), "the maximum is shown");
    }
}
