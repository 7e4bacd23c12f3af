package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmark.config.ConfigException;
import org.w3c.dom.Document;

class HtmlReportTest {
    private static final String SCRIPT = "<script>alert(1)</script>";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    static ObjectNode golden() throws IOException {
        try (InputStream in = HtmlReportTest.class.getResourceAsStream("/golden/result.json")) {
            return (ObjectNode) MAPPER.readTree(in);
        }
    }

    /** 30 one-second intervals of READ and UPDATE, the first 3 in the warm-up, seeded. */
    static List<TimeSeriesRow> syntheticRows() {
        SplittableRandom random = new SplittableRandom(11);
        List<TimeSeriesRow> rows = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            for (String op : List.of("READ", "UPDATE")) {
                long p50 = random.nextLong(80, 200);
                long p99 = p50 * random.nextLong(5, 40);
                rows.add(new TimeSeriesRow(i, op, i <= 3, random.nextDouble(900, 1100), p50, p50 * 3, p99, p99 * 2,
                        p99 * 3, random.nextLong(0, 20), random.nextLong(0, 3000)));
            }
        }
        return rows;
    }

    private static Document parseXml(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    /** The schedule table shows the machine's own wake-up floor beside the send lag, or why it is missing. */
    @Test
    void schedule_machineFloorBesideTheSendLag() throws Exception {
        String html = HtmlReport.render(golden(), syntheticRows());
        assertTrue(html.contains("<th>machine floor p99</th>"), html);
        assertTrue(html.contains("<td>25 µs (p50 8 µs; before the run 22 µs, after it 31 µs)</td>"), html);
        ObjectNode r = golden();
        ((ObjectNode) r.get("schedule")).putObject("machineFloor").put("measured", false).put("why", "virtual time");
        assertTrue(HtmlReport.render(r, syntheticRows()).contains("<td>not measured (virtual time)</td>"));
    }

    @Test
    void render_goldenWithTimeSeries_isWellFormedWithThreePlotsAndEveryOperation() throws Exception {
        String html = HtmlReport.render(golden(), syntheticRows());
        Document doc = parseXml(html);
        assertEquals(3, doc.getElementsByTagName("svg").getLength(), "latency, throughput, spectrum");
        assertEquals(2, html.split("<table class=\"op\">", -1).length - 1, "a table per operation");
        for (String expected : List.of(">READ<", ">UPDATE<", "seed", ">42<", "memory", "a warning", "a note",
                "issued 11 = warm-up 1 + OK 8 + ERROR 1 + unfinished 1", "✓ adds up", "Schedule self-check",
                "1,001.5 ops/s", "999.3 ops/s", "warm-up", ">99%<", "READ service time", "VALID")) {
            assertTrue(html.contains(expected), "missing " + expected);
        }
        assertFalse(html.contains("http://") && html.replace("http://www.w3.org/2000/svg", "").contains("http://"),
                "nothing fetched from elsewhere");
        assertFalse(html.contains("<script") || html.contains("<link") || html.contains("@import"),
                "self-contained");
    }

    /** The data checks (VERIFY) get a table of their own: the checks and their own time, not operations. */
    @Test
    void render_dataChecks_tableOfChecksWithTheirOwnTime() throws Exception {
        ObjectNode r = golden();
        ObjectNode verify = ((ObjectNode) r.path("operations").path("READ")).deepCopy();
        ((ObjectNode) r.path("operations")).set("VERIFY", verify);
        String html = HtmlReport.render(r, syntheticRows());
        parseXml(html);
        assertEquals(3, html.split("<table class=\"op\">", -1).length - 1, "a table per operation and the checks");
        assertTrue(html.contains("<strong>VERIFY</strong> " + verify.path("count").asLong() + " checks of what the"
                + " reads returned (dataintegrity), timed apart from them"), html);
        String table = html.substring(html.indexOf("<strong>VERIFY</strong>"));
        table = table.substring(0, table.indexOf("</table>"));
        assertTrue(table.contains("check time (OK)"), table);
        assertFalse(table.contains("response time") || table.contains("service time"), table);
    }

    /**
     * nodes.csv (a run with an event against a store that tells its nodes apart) becomes a plot of the
     * requests each node answered, one line per node, and each event's sentence says what the nodes did.
     */
    @Test
    void render_nodesCsv_isAPlotOfRequestsPerNode_andTheEventSaysWhatTheNodesDid() throws Exception {
        ObjectNode r = golden();
        ObjectNode event = r.putArray("events").addObject();
        event.put("command", "bin/openmark-services add-node cassandra").put("startSeconds", 10.0);
        event.putArray("nodes").addObject().put("summary", "node 127.0.0.2 (new): BOOT at 12.0 s, NORMAL at 20.0 s,"
                + " serving from 22.0 s");
        Path csv = Files.createTempFile("nodes", ".csv");
        StringBuilder rows = new StringBuilder(org.openmark.event.NodeTrack.CSV_HEADER).append('\n');
        for (int t = 1; t <= 30; t++) {
            rows.append(t).append(".000,127.0.0.1,NORMAL,").append(t * 100).append(',').append(t == 1 ? "" : "100.0")
                    .append(",5\n");
            if (t >= 12) {
                rows.append(t).append(".000,127.0.0.2,").append(t < 20 ? "BOOT" : "NORMAL").append(",0,")
                        .append(t < 22 ? "0.0" : "50.0").append(",\n");
            }
        }
        Files.writeString(csv, rows);
        String html = HtmlReport.render(r, syntheticRows(), NodesPlot.read(csv), "");
        Files.delete(csv);
        Document doc = parseXml(html);
        assertTrue(html.contains("Requests answered per node"), "the section is there");
        assertTrue(html.contains("node 127.0.0.2, requests/s") && html.contains("node 127.0.0.1, requests/s"),
                "a line per node");
        assertTrue(html.contains("serving from 22.0 s"), "the event's sentence names what the node did");
        assertEquals(3, doc.getElementsByTagName("svg").getLength() - 1, "latency, throughput, nodes (and the spectrum)");
    }

    /** result.json's outages are red bands on the throughput plot, where they happened in time. */
    @Test
    void render_outages_areRedBandsAtTheirTimesOnTheThroughputPlot() throws Exception {
        ObjectNode r = golden();
        com.fasterxml.jackson.databind.node.ArrayNode outages = r.putArray("outages");
        outages.addObject().put("kind", "errors").put("fromSeconds", 7.0).put("toSeconds", 11.0)
                .put("operations", 812).putObject("statuses").put("SERVICE_UNAVAILABLE", 812);
        outages.addObject().put("kind", "stall").put("fromSeconds", 20.0).put("toSeconds", 23.0)
                .put("operations", 2000).putObject("statuses");
        Document doc = parseXml(HtmlReport.render(r, syntheticRows()));
        org.w3c.dom.NodeList svgs = doc.getElementsByTagName("svg");
        org.w3c.dom.Element throughput = (org.w3c.dom.Element) svgs.item(1);
        org.w3c.dom.NodeList rects = throughput.getElementsByTagName("rect");
        List<double[]> bands = new ArrayList<>();
        for (int i = 0; i < rects.getLength(); i++) {
            org.w3c.dom.Element rect = (org.w3c.dom.Element) rects.item(i);
            if ("#fde0dc".equals(rect.getAttribute("fill"))) {
                double x = Double.parseDouble(rect.getAttribute("x"));
                bands.add(new double[] {x, x + Double.parseDouble(rect.getAttribute("width"))});
            }
        }
        assertEquals(2, bands.size(), "one red band per outage");
        // 30 s on the x axis: the errors band (7..11 s) is 4/3 as wide as the stall's (20..23 s) and left of it.
        double errorsWidth = bands.get(0)[1] - bands.get(0)[0];
        double stallWidth = bands.get(1)[1] - bands.get(1)[0];
        assertEquals(4.0 / 3, errorsWidth / stallWidth, 0.05);
        assertTrue(bands.get(0)[1] < bands.get(1)[0], "in time order");
        String text = throughput.getTextContent();
        assertTrue(text.contains("errors") && text.contains("stall"), "each band is labelled: " + text);
        assertEquals(0, ((org.w3c.dom.Element) svgs.item(0)).getElementsByTagName("rect").getLength() == 0 ? 0
                : countFill((org.w3c.dom.Element) svgs.item(0), "#fde0dc"), "the latency plot has no outage bands");
    }

    /** A result with two causes of failure and three GC pauses of the harness, the last after the plots' end. */
    private static ObjectNode withCausesAndPauses() throws IOException {
        ObjectNode r = golden();
        ObjectNode sections = (ObjectNode) r.get("sections");
        ArrayNode causes = sections.putObject("errorCauses").putArray("causes");
        causes.addObject().put("op", "INSERT").put("status", "ERROR").put("count", 1000).put("why",
                "ERROR: duplicate key value violates unique constraint \"usertable_pkey\" (SQLState 23505)");
        causes.addObject().put("op", "READ").put("status", "TIMEOUT").put("count", 3).put("why", SCRIPT);
        ObjectNode gc = sections.putObject("harnessGcPauses").put("pauses", 14).put("totalMs", 230).put("longestMs", 45);
        gc.putArray("perMinute");
        ArrayNode longest = gc.putArray("longest");
        longest.addObject().put("atSeconds", 7.5).put("ms", 45).put("collector", "G1 Young Generation")
                .put("cause", "G1 Evacuation Pause");
        longest.addObject().put("atSeconds", 22.5).put("ms", 12).put("collector", "G1 Young Generation")
                .put("cause", "G1 Evacuation Pause");
        longest.addObject().put("atSeconds", 31.25).put("ms", 9).put("collector", "G1 Old Generation")
                .put("cause", "System.gc()");
        return r;
    }

    /** The x of each GC pause's line on the {@code index}th plot. */
    private static List<Double> pauseLines(Document doc, int index) {
        org.w3c.dom.Element svg = (org.w3c.dom.Element) doc.getElementsByTagName("svg").item(index);
        org.w3c.dom.NodeList lines = svg.getElementsByTagName("line");
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < lines.getLength(); i++) {
            org.w3c.dom.Element line = (org.w3c.dom.Element) lines.item(i);
            if ("gc-pause-marker".equals(line.getAttribute("class"))) {
                assertEquals(line.getAttribute("x1"), line.getAttribute("x2"), "a vertical line");
                xs.add(Double.parseDouble(line.getAttribute("x1")));
            }
        }
        return xs;
    }

    /**
     * sections.errorCauses is a table "Errors by cause", most frequent first, the message escaped;
     * sections.harnessGcPauses's longest pauses are black dotted lines on both plots over time where each
     * began (one after the plots' last interval is listed, not drawn), and listed with the counts.
     */
    @Test
    void render_errorCausesAndHarnessPauses_tableAndPausesMarkedOnThePlotsOverTime() throws Exception {
        String html = HtmlReport.render(withCausesAndPauses(), syntheticRows());
        Document doc = parseXml(html);
        assertTrue(html.contains("<h2>Errors by cause</h2>"), html);
        String table = html.substring(html.indexOf("<table class=\"causes\" id=\"error-causes\">"));
        table = table.substring(0, table.indexOf("</table>"));
        assertTrue(table.contains("<tr><th>INSERT</th><td class=\"status err\">ERROR</td><td>1,000</td>"
                + "<td class=\"why\">ERROR: duplicate key value violates unique constraint &quot;usertable_pkey&quot;"
                + " (SQLState 23505)</td></tr>"), table);
        assertTrue(table.indexOf(">INSERT<") < table.indexOf(">READ<"), "in result.json's order, most frequent first");
        assertTrue(table.contains("&lt;script&gt;") && !html.contains(SCRIPT), "the message is text, never markup");
        for (int plot : new int[] {0, 1}) {
            List<Double> xs = pauseLines(doc, plot);
            assertEquals(2, xs.size(), "the two pauses within the plots' 30 s, on plot " + plot);
            // the time axis runs 0..30 s: 7.5 s and 22.5 s are a quarter and three quarters of the way
            double left = xs.get(0) - (xs.get(1) - xs.get(0)) / 2;
            double width = (xs.get(1) - xs.get(0)) * 2;
            assertEquals(0.25, (xs.get(0) - left) / width, 1e-3);
            assertTrue(left > 0 && xs.get(1) < Chart.WIDTH, xs::toString);
        }
        assertTrue(html.contains("<title>GC pause of the load generator: 45 ms at 7.500 s (G1 Young Generation, G1"
                + " Evacuation Pause)</title>"), "each line says what paused, how long and when");
        assertTrue(html.contains("GC pause of the load generator</text>"), "a legend entry");
        assertTrue(html.contains("Black dotted lines: the load generator&#39;s own GC pauses"), "the plots' lead says so");
        String listed = html.substring(html.indexOf("<h2>The load generator's GC pauses</h2>"));
        listed = listed.substring(0, listed.indexOf("</section>"));
        assertTrue(listed.contains("paused for garbage collection 14 times during the run, 230 ms in all, the longest"
                + " 45 ms"), listed);
        assertEquals(3, listed.split("<tr><td>", -1).length - 1, "every pause listed, the one after the plots too");
        assertTrue(listed.contains("<tr><td>31.250 s</td><td>9 ms</td><td class=\"why\">G1 Old Generation</td>"
                + "<td class=\"why\">System.gc()</td></tr>"), listed);
    }

    /** A run without causes or pauses (virtual time, no failure) gets no section, line or legend for them. */
    @Test
    void render_noCausesNoPauses_rendersNothingOfThem() throws Exception {
        ObjectNode noPauses = golden();
        ((ObjectNode) noPauses.get("sections")).putObject("harnessGcPauses").put("pauses", 0).put("totalMs", 0)
                .put("longestMs", 0).putArray("longest");
        for (ObjectNode r : List.of(golden(), noPauses)) {
            String html = HtmlReport.render(r, syntheticRows());
            Document doc = parseXml(html);
            assertTrue(pauseLines(doc, 0).isEmpty() && pauseLines(doc, 1).isEmpty());
            for (String absent : List.of("Errors by cause", "error-causes", "GC pause", "Black dotted lines")) {
                assertFalse(html.contains(absent), absent);
            }
            assertEquals(HtmlReport.render(golden(), syntheticRows()), html, "the same page as without the sections");
        }
    }

    private static int countFill(org.w3c.dom.Element svg, String fill) {
        org.w3c.dom.NodeList rects = svg.getElementsByTagName("rect");
        int n = 0;
        for (int i = 0; i < rects.getLength(); i++) {
            if (fill.equals(((org.w3c.dom.Element) rects.item(i)).getAttribute("fill"))) {
                n++;
            }
        }
        return n;
    }

    @Test
    void render_markupInConfigWarningsAndNames_isEscapedEverywhere() throws Exception {
        ObjectNode r = golden();
        ((ObjectNode) r.get("config")).put("evil" + SCRIPT, SCRIPT);
        ((ArrayNode) r.get("warnings")).add(SCRIPT);
        r.put("store", SCRIPT);
        ((ObjectNode) r.get("load")).put("arrival", "\"quoted\" & " + SCRIPT);
        ObjectNode ops = (ObjectNode) r.get("operations");
        ops.set(SCRIPT, ops.get("UPDATE"));
        List<TimeSeriesRow> rows = new ArrayList<>(syntheticRows());
        rows.add(new TimeSeriesRow(31, SCRIPT, false, 10, 100, 200, 300, 400, 500, 1, 0));
        String html = HtmlReport.render(r, rows);
        assertFalse(html.contains("<script"), "no markup from the input survives");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assertTrue(html.contains("&quot;quoted&quot; &amp; &lt;script&gt;"));
        Document doc = parseXml(html);
        assertEquals(0, doc.getElementsByTagName("script").getLength());
        assertTrue(doc.getDocumentElement().getTextContent().contains(SCRIPT), "shown as text");
    }

    @Test
    void render_noTimeSeries_replacesTimePlotsWithANote() throws Exception {
        String html = HtmlReport.render(golden(), List.of());
        assertEquals(1, parseXml(html).getElementsByTagName("svg").getLength(), "only the spectrum");
        assertTrue(html.contains("timeseries.csv has no intervals"));
    }

    @Test
    void render_invalidInterruptedRun_saysSoProminently() throws Exception {
        ObjectNode r = golden();
        r.put("valid", false);
        r.put("interrupted", true);
        String html = HtmlReport.render(r, syntheticRows());
        assertTrue(html.contains("<div class=\"verdict invalid\"><strong>INVALID</strong>"), html);
        assertTrue(html.contains("INTERRUPTED"));
        assertTrue(html.contains("<title>openmark report: memory, run, INVALID</title>"));
    }

    @Test
    void render_accountingThatDoesNotAddUp_isFlagged() throws Exception {
        ObjectNode r = golden();
        ((ObjectNode) r.get("accounting")).put("issued", 12);
        String html = HtmlReport.render(r, syntheticRows());
        assertTrue(html.contains("✗ does not add up (the terms sum to 11)"), html);
    }

    @Test
    void render_closedModelWithEqualTimes_hasNoScheduleAndNoServiceLine() throws Exception {
        ObjectNode r = golden();
        r.put("model", "closed(threads=2)");
        r.set("load", MAPPER.createObjectNode().put("kind", "closed").put("threads", 2));
        r.putNull("schedule");
        ObjectNode ops = (ObjectNode) r.get("operations");
        for (JsonNode op : ops) {
            ObjectNode h = (ObjectNode) op.get("histograms");
            h.set("service", h.get("response"));
        }
        String html = HtmlReport.render(r, syntheticRows());
        assertFalse(html.contains("Schedule self-check"));
        assertFalse(html.contains("service time</title>"), "no dashed service line");
        assertFalse(html.contains("send-lag p99"), "no send lag in the closed model");
    }

    @Test
    void render_loadModel_isReadFromItsFieldsNotTheDisplayText() throws Exception {
        ObjectNode r = golden();
        r.put("model", "display text the page must not need");
        ObjectNode load = MAPPER.createObjectNode().put("kind", "open").put("arrival", "pareto")
                .put("arrivalParameter", 2.5).put("maxInFlight", 500).put("onOverload", "drop").put("share", "2/3");
        ObjectNode schedule = load.putObject("schedule").put("kind", "steps").put("stepMs", 30_000);
        schedule.putArray("ratesPerSec").add(1000.0).add(2000.0);
        r.set("load", load);
        String html = HtmlReport.render(r, syntheticRows());
        assertTrue(html.contains("<dt>arrivals</dt><dd>pareto (shape 2.5)</dd>"), html);
        assertTrue(html.contains("<dt>target rate</dt><dd>steps 1,000.0 ops/s, 2,000.0 ops/s, each 30.00 s</dd>"), html);
        assertTrue(html.contains("<dt>max in flight</dt><dd>500</dd>"));
        assertTrue(html.contains("<dt>on overload</dt><dd>drop</dd>"));
        assertTrue(html.contains("<dt>share</dt><dd>2/3</dd>"));
        assertFalse(html.contains("display text the page must not need"));
        assertTrue(html.contains("send-lag p99"), "the open model's send lag, from load.kind");

        r.set("load", MAPPER.createObjectNode().put("kind", "closed").put("threads", 16).put("targetPerSec", 800.0));
        r.putNull("schedule");
        html = HtmlReport.render(r, syntheticRows());
        assertTrue(html.contains("<dt>threads</dt><dd>16</dd>"), html);
        assertTrue(html.contains("<dt>target</dt><dd>800.0 ops/s</dd>"), html);
    }

    @Test
    void render_spectrumSeries_areMonotoneInTheSvg() throws Exception {
        String html = HtmlReport.render(golden(), syntheticRows());
        int start = html.indexOf("aria-label=\"Percentile spectrum");
        String svg = html.substring(start, html.indexOf("</svg>", start));
        int paths = 0;
        for (String part : svg.split("<path d=\"")) {
            if (!part.startsWith("M")) {
                continue;
            }
            paths++;
            String[] points = part.substring(1, part.indexOf('"')).split(" L| M");
            double lastX = -1;
            double lastY = Double.MAX_VALUE;
            for (String p : points) {
                String[] xy = p.strip().split(" ");
                double x = Double.parseDouble(xy[0]);
                double y = Double.parseDouble(xy[1]);
                assertTrue(x >= lastX && y <= lastY, "x right, y up (SVG y grows downwards): " + p);
                lastX = x;
                lastY = y;
            }
        }
        assertEquals(4, paths, "response and service of READ and UPDATE");
    }

    @Test
    void fromDirectory_realFiles_matchesRenderAndWriteReplacesAtomically() throws Exception {
        Files.writeString(dir.resolve("result.json"), golden().toString());
        StringBuilder csv = new StringBuilder(org.openmark.output.TimeSeriesSink.HEADER + "\n");
        for (TimeSeriesRow row : syntheticRows()) {
            csv.append(String.format(java.util.Locale.ROOT, "%.3f,%s,%s,%.1f,%d,%d,%d,%d,%d,%d,%d,%d,0,0,0,0,0,0,0,0%n",
                    row.elapsedSeconds(), row.operation(), row.warmUp(), row.opsPerSecond(), row.p50Us(), row.p90Us(),
                    row.p99Us(), row.p999Us(), row.maxUs(), row.inFlight(), row.sendLagP99Us(),
                    Math.round(row.opsPerSecond())));
        }
        Files.writeString(dir.resolve("timeseries.csv"), csv);
        Files.writeString(dir.resolve("report.html"), "old");
        Path written = HtmlReport.write(dir);
        assertEquals(dir.resolve("report.html"), written);
        String html = Files.readString(written);
        assertEquals(3, parseXml(html).getElementsByTagName("svg").getLength());
        assertFalse(Files.exists(dir.resolve(".report.html.tmp")));
    }

    @Test
    void fromDirectory_missingTimeSeries_saysWhichFileIsMissing() throws Exception {
        Files.writeString(dir.resolve("result.json"), golden().toString());
        String html = HtmlReport.fromDirectory(dir);
        assertTrue(html.contains(Html.escape(dir.resolve("timeseries.csv") + " not found")), "note names the file");
    }

    @Test
    void fromDirectory_newerSchema_isBadInput() throws Exception {
        ObjectNode r = golden();
        r.put("schemaVersion", 99);
        Files.writeString(dir.resolve("result.json"), r.toString());
        ConfigException e = assertThrows(ConfigException.class, () -> HtmlReport.fromDirectory(dir));
        assertTrue(e.getMessage().contains("schemaVersion=99"), e.getMessage());
    }

    @Test
    void fromDirectory_corruptHistogram_isBadInputNamingIt() throws Exception {
        ObjectNode r = golden();
        ((ObjectNode) r.at("/operations/READ/histograms/response")).put("OK", "!!");
        Files.writeString(dir.resolve("result.json"), r.toString());
        ConfigException e = assertThrows(ConfigException.class, () -> HtmlReport.fromDirectory(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("result.json") + ": operations.READ.histograms.response.OK"),
                e.getMessage());
    }

    /**
     * A cluster run that lost a worker: the accounting line counts what was lost with it (as
     * result.json's addsUp and result.txt do), the schedule says what was offered instead of the
     * plan, and every worker has a row.
     */
    @Test
    void render_aClusterRunThatLostAWorker_accountsForItAndTablesTheWorkers() throws Exception {
        ObjectNode r = golden();
        ObjectNode a = (ObjectNode) r.get("accounting");
        a.put("issued", 14).put("lostWithWorker", 3).put("addsUp", true);
        ObjectNode schedule = (ObjectNode) r.get("schedule");
        schedule.put("offeredRate", 833.3);
        ObjectNode change = schedule.putArray("offered").addObject();
        change.put("fromSeconds", 5.2).put("workers", 2).put("of", 3).put("ratePerSec", 666.7)
                .put("why", "worker-3 (127.0.0.1:4003) was lost");
        ArrayNode workers = r.putArray("workers");
        for (int i = 1; i <= 3; i++) {
            ObjectNode w = workers.addObject();
            w.put("name", "worker-" + i).put("address", "127.0.0.1:400" + i).put("share", i + "/3").put("issued", 5)
                    .put("targetRate", 333.3).put("achievedRate", 333.1).put("cpuPercent", 12.5)
                    .put("clockOffsetUs", -180).put("roundTripUs", 410).put("valid", i < 3).put("lost", i == 3);
            w.putObject("sendLagUs").put("p50", 40).put("p99", 97).put("p999", 190).put("max", 2900);
            if (i == 3) {
                w.put("lostAfterMs", 5200).put("stopReason", "lost");
            }
        }
        String html = HtmlReport.render(r, syntheticRows());
        parseXml(html);
        assertTrue(html.contains("issued 14 = warm-up 1 + OK 8 + ERROR 1 + unfinished 1 + lost with a worker 3"), html);
        assertTrue(html.contains("✓ adds up") && !html.contains("does not add up"));
        assertTrue(html.contains("Load generators (cluster run)"));
        assertEquals(3, html.split("<td>127.0.0.1:400", -1).length - 1, "a row per worker");
        assertTrue(html.contains("LOST (last heard 5.2 s into the run)"));
        assertTrue(html.contains("-180 µs ± 205 µs"), "the clock offset with its uncertainty");
        assertTrue(html.contains("from 5.2 s 666.7 ops/s (2 of 3 workers; worker-3 (127.0.0.1:4003) was lost);"
                + " 833.3 ops/s over the whole run"));
    }

    /** The last interval of a real-time run, 0.161 s cut short by its end: left out of the plots, and said so. */
    @Test
    void render_partialLastInterval_leftOutOfThePlotsAndNoted() throws Exception {
        List<TimeSeriesRow> rows = new ArrayList<>(syntheticRows());
        for (String op : List.of("READ", "UPDATE")) {
            rows.add(new TimeSeriesRow(30.161, op, false, 1000 * 2 / 0.161 / 10, 100, 200, 300, 400, 500, 0, 0));
        }
        String html = HtmlReport.render(golden(), rows);
        assertTrue(html.contains("The run&#39;s last interval (0.161 s, cut short by its end) is left out of the plots")
                || html.contains("The run's last interval (0.161 s, cut short by its end) is left out of the plots"),
                "the page says so");
        assertEquals(30, new TimeSeries(rows, List.of("READ", "UPDATE")).intervalEnds().length, "30 whole intervals");
        assertEquals(0.161, TimeSeries.partialTail(rows), 1e-9);
        assertEquals(0, TimeSeries.partialTail(syntheticRows()), "every interval whole: nothing left out");
        assertFalse(HtmlReport.render(golden(), syntheticRows()).contains("id=\"partial-tail\""));
    }

    /** A virtual-time run's clock starts at an arbitrary epoch: no date, its time is seconds from the start. */
    @Test
    void render_virtualTime_noCalendarDate() throws Exception {
        ObjectNode r = golden();
        ((ObjectNode) r.get("config")).put("time", "virtual");
        String html = HtmlReport.render(r, syntheticRows());
        assertTrue(html.contains("virtual time (seconds from the start)"), "the clock is named");
        assertFalse(html.contains(" UTC"), "and no date is shown");
        ObjectNode real = golden();
        assertTrue(HtmlReport.render(real, syntheticRows()).contains(" UTC"), "a real-time run keeps its date");
    }
}
