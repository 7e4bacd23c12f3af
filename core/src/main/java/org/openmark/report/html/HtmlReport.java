package org.openmark.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.openmark.config.ConfigException;
import org.openmark.output.AtomicFiles;
import org.openmark.report.JsonReport;
import org.openmark.run.RunResult;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, nothing fetched) built from
 * a run's result (in memory when the run writes it, from result.json for {@code report DIR}) and
 * timeseries.csv: the verdict and accounting, latency and throughput over time (the actions
 * and the load generator's own GC pauses marked), the errors by cause, the percentile spectrum,
 * and a table per operation.
 */
public final class HtmlReport {
    /** The file written into the result directory. */
    public static final String FILE_NAME = "report.html";

    private HtmlReport() {
    }

    /** The page for a parsed result.json and its time series (an empty list: no time series plots). */
    public static String render(JsonNode result, List<TimeSeriesRow> rows) {
        return render(result, rows, "timeseries.csv has no intervals (the run was shorter than one status interval)");
    }

    /** Reads DIR/result.json and DIR/timeseries.csv and returns the page; bad or missing result.json is bad input. */
    public static String fromDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(dir + ": not a directory (expected the --out directory of a run)");
        }
        Path resultFile = dir.resolve("result.json");
        if (!Files.isRegularFile(resultFile)) {
            throw new ConfigException(resultFile + ": not found (bin/openmark run --out " + dir + " writes it)");
        }
        JsonNode result;
        try {
            result = new ObjectMapper().readTree(resultFile.toFile());
        } catch (JsonProcessingException e) {
            throw new ConfigException(resultFile + ": not valid JSON: " + e.getOriginalMessage());
        }
        check(result, resultFile.toString());
        Path csv = dir.resolve("timeseries.csv");
        List<TimeSeriesRow> rows = Files.isRegularFile(csv) ? TimeSeriesCsv.read(csv) : List.of();
        try {
            return render(result, rows, NodesPlot.read(dir.resolve("nodes.csv")), Files.isRegularFile(csv) ? csv
                    + " has no intervals (the run was shorter than one status interval)" : csv
                    + " not found, so there are no plots over time");
        } catch (ConfigException e) {
            // A field of result.json that cannot be read (a corrupt histogram): name the file too.
            throw new ConfigException(resultFile + ": " + e.getMessage());
        }
    }

    /**
     * Writes DIR/report.html atomically for a run just finished, from its result in memory (the
     * same tree result.json holds) and DIR/timeseries.csv, and returns its path.
     */
    public static Path write(Path dir, RunResult result) throws IOException {
        JsonNode tree = new ObjectMapper().valueToTree(JsonReport.toMap(result));
        Path csv = dir.resolve("timeseries.csv");
        List<TimeSeriesRow> rows = Files.isRegularFile(csv) ? TimeSeriesCsv.read(csv) : List.of();
        String html = render(tree, rows, NodesPlot.read(dir.resolve("nodes.csv")), Files.isRegularFile(csv) ? csv
                + " has no intervals (the run was shorter than one status interval)"
                : "no timeseries.csv was written, so there are no plots over time");
        Path target = dir.resolve(FILE_NAME);
        AtomicFiles.writeString(target, html);
        return target;
    }

    /** Writes DIR/report.html atomically from the files in DIR and returns its path. */
    public static Path write(Path dir) throws IOException {
        String html = fromDirectory(dir);
        Path target = dir.resolve(FILE_NAME);
        AtomicFiles.writeString(target, html);
        return target;
    }

    static String render(JsonNode result, List<TimeSeriesRow> rows, String noTimeSeriesNote) {
        return render(result, rows, List.of(), noTimeSeriesNote);
    }

    static String render(JsonNode result, List<TimeSeriesRow> rows, List<NodesPlot.Series> nodes,
            String noTimeSeriesNote) {
        check(result, "result.json");
        JsonNode operations = result.path("operations");
        List<String> opNames = new ArrayList<>();
        operations.fieldNames().forEachRemaining(opNames::add);
        Palette palette = new Palette();
        opNames.forEach(palette::colour);
        TimeSeries ts = new TimeSeries(rows, opNames);
        boolean open = result.path("load").path("kind").asText().equals("open") || result.path("schedule").isObject();

        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
                .append(Html.escape("openmark report: " + result.path("store").asText("?") + ", "
                        + result.path("phase").asText("?") + (result.path("valid").asBoolean(false) ? ", valid"
                                : ", INVALID")))
                .append("</title>\n<style>\n").append(PageStyle.CSS).append("</style>\n</head>\n<body>\n<main>\n");
        b.append(HeaderSection.render(result));
        List<Chart.Marker> events = events(result, ts);
        List<Chart.Marker> pauses = HarnessPauses.markers(result.path("sections"));
        String eventsLead = (events.isEmpty() ? "" : " Dashed purple lines: the actions run during the run (--event),"
                + " where each started.") + (pauses.isEmpty() ? "" : " Black dotted lines: the load generator's own GC"
                + " pauses, where each began (the longest; listed below).");
        section(b, "Latency over time", "Response time (from the intended start) per status interval: p50, p99 and"
                + " the maximum of each operation, on a log scale." + (open ? " The grey band is the send lag of the"
                + " load generator; when it rises, the generator, not the store, fell behind." : "") + eventsLead,
                ts.isEmpty() ? null : LatencyPlot.render(ts, open, palette, events, pauses), noTimeSeriesNote);
        List<ThroughputPlot.OutageBand> outages = new ArrayList<>();
        result.path("outages").forEach(o -> outages.add(new ThroughputPlot.OutageBand(o.path("fromSeconds").asDouble(),
                o.path("toSeconds").asDouble(), o.path("kind").asText("").equals("stall") ? "stall" : "errors")));
        section(b, "Throughput over time", "Completions per second of each operation, failed completions per second"
                + " (red) when there are any, and the operations outstanding at the end of each interval (right"
                + " axis). Red bands: the store's outages (a tenth or more of the operations failed, or none"
                + " completed while some were outstanding)." + eventsLead,
                ts.isEmpty() ? null : ThroughputPlot.render(ts, palette, outages, events, pauses), noTimeSeriesNote);
        if (ts.partialTailSeconds() > 0) {
            b.append("<p class=\"lead\" id=\"partial-tail\">").append(Html.escape(String.format(java.util.Locale.ROOT,
                    "The run's last interval (%.3f s, cut short by its end) is left out of the plots over time, as"
                    + " compare leaves it out: a few operations in a fraction of an interval are no interval's rate."
                    + " Its operations are in every total.", ts.partialTailSeconds()))).append("</p>\n");
        }
        if (!nodes.isEmpty() && !ts.isEmpty()) {
            section(b, "Requests answered per node", "Requests of this run each node of the store answered as"
                    + " their coordinator, per second (nodes.csv): a node that joins starts serving where its line"
                    + " leaves zero. What gossip said of each node, and its size of the table, are in nodes.csv and"
                    + " in the actions' sentences below." + eventsLead, NodesPlot.render(ts, nodes, events, pauses), "");
        }
        eventList(b, result.path("events"));
        ErrorCausesTable.render(b, result.path("sections"));
        HarnessPauses.render(b, result.path("sections"));
        boolean showService = open || serviceDiffers(operations);
        section(b, "Percentile spectrum", spectrumLead(showService),
                SpectrumPlot.render(spectrumOperations(operations), showService, palette),
                "no operation completed, so there is no latency to plot");
        b.append("<section>\n<h2>Operations</h2>\n<p class=\"lead\">Latency figures of the operations that completed"
                + " after the warm-up; response time counts from the intended start, service time from the"
                + " actual start.</p>\n").append(OperationTables.render(operations, palette)).append("</section>\n");
        config(b, result.path("config"));
        b.append("<footer>Generated by openmark ").append(Html.escape(result.path("openmarkVersion").asText("?")))
                .append(" from result.json (schema ").append(Html.escape(result.path("schemaVersion").asText("?")))
                .append(") and timeseries.csv. Regenerate with <code>bin/openmark report DIR</code>.</footer>\n")
                .append("</main>\n</body>\n</html>\n");
        return b.toString();
    }

    /** The actions that ran, at the moment each started (seconds from the phase's start, as the plots' axis). */
    private static List<Chart.Marker> events(JsonNode result, TimeSeries ts) {
        List<Chart.Marker> markers = new ArrayList<>();
        int n = 0;
        for (JsonNode e : result.path("events")) {
            n++;
            if (e.path("startSeconds").isNumber()) {
                String command = e.path("command").asText("");
                String label = "event " + n + ": " + (command.length() > 40 ? command.substring(0, 39) + "…" : command);
                markers.add(new Chart.Marker(e.path("startSeconds").asDouble(), label));
            }
        }
        return markers;
    }

    /**
     * The actions run during the run, numbered as on the plots, each with when it ran and how the
     * response time answered it (docs/results.md: when latency came back).
     */
    private static void eventList(StringBuilder b, JsonNode events) {
        if (events.isEmpty()) {
            return;
        }
        b.append("<section>\n<h2>Events</h2>\n<p class=\"lead\">Each action run during the run (--event), with the"
                + " p99 of the response time before it, how far it rose and when it was back: within the band for "
                + org.openmark.event.Recovery.STEADY + " intervals in a row. Times in seconds from the run's start,"
                + " warm-up included, as on the plots.</p>\n<ol id=\"events\">\n");
        for (JsonNode e : events) {
            String when = e.path("startSeconds").isNumber()
                    ? String.format(java.util.Locale.ROOT, "started at %.1f s", e.path("startSeconds").asDouble())
                            + (e.path("endSeconds").isNumber() ? String.format(java.util.Locale.ROOT,
                                    ", ended at %.1f s", e.path("endSeconds").asDouble()) : "")
                            + (e.path("exitCode").isNumber() ? ", exit code " + e.path("exitCode").asInt() : "")
                    : "";
            String note = e.path("note").isTextual() ? e.path("note").asText() : "";
            String recovery = e.path("recovery").path("summary").asText("");
            java.util.List<String> parts = new java.util.ArrayList<>(java.util.stream.Stream.of(when, note, recovery)
                    .filter(x -> !x.isEmpty()).toList());
            e.path("nodes").forEach(n -> parts.add(n.path("summary").asText("")));
            b.append("<li><code>").append(Html.escape(e.path("command").asText(""))).append("</code>: ")
                    .append(Html.escape(String.join("; ", parts))).append("</li>\n");
        }
        b.append("</ol>\n</section>\n");
    }

    private static String spectrumLead(boolean showService) {
        return "Latency at each percentile, all statuses together, on log scales: the right side is the tail"
                + " (at 99.9 %, one request in a thousand was slower)." + (showService ? " Solid: response time"
                + " (from the intended start); dashed: service time (from the actual start). The gap between them"
                + " is time requests waited behind their schedule: queueing that service time alone would hide."
                : "");
    }

    private static void section(StringBuilder b, String title, String lead, String svg, String note) {
        b.append("<section>\n<h2>").append(Html.escape(title)).append("</h2>\n");
        if (svg == null) {
            b.append("<p class=\"note\">").append(Html.escape(note)).append("</p>\n");
        } else {
            b.append("<p class=\"lead\">").append(Html.escape(lead)).append("</p>\n<div class=\"plot\">\n")
                    .append(svg).append("</div>\n");
        }
        b.append("</section>\n");
    }

    private static List<SpectrumPlot.Operation> spectrumOperations(JsonNode operations) {
        List<SpectrumPlot.Operation> ops = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = operations.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> op = it.next();
            String where = "operations." + op.getKey() + ".histograms.";
            JsonNode h = op.getValue().path("histograms");
            ops.add(new SpectrumPlot.Operation(op.getKey(), Spectrum.merged(h.path("response"), where + "response"),
                    Spectrum.merged(h.path("service"), where + "service")));
        }
        return ops;
    }

    // In a closed model without pacing service time equals response time; a second line would only clutter.
    private static boolean serviceDiffers(JsonNode operations) {
        for (JsonNode op : operations) {
            if (!op.path("histograms").path("response").equals(op.path("histograms").path("service"))) {
                return true;
            }
        }
        return false;
    }

    private static void config(StringBuilder b, JsonNode config) {
        if (!config.isObject() || config.isEmpty()) {
            return;
        }
        b.append("<section>\n<h2>Configuration</h2>\n<details>\n<summary>").append(config.size())
                .append(" effective properties (secrets masked)</summary>\n<table class=\"config\">\n");
        Iterator<Map.Entry<String, JsonNode>> it = config.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> p = it.next();
            b.append("<tr><th>").append(Html.escape(p.getKey())).append("</th><td>")
                    .append(Html.escape(p.getValue().isValueNode() ? p.getValue().asText() : p.getValue().toString()))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n</details>\n</section>\n");
    }

    private static void check(JsonNode result, String source) {
        if (result == null || !result.isObject()) {
            throw new ConfigException(source + ": not an openmark result (expected a JSON object)");
        }
        JsonNode version = result.path("schemaVersion");
        if (version.canConvertToInt() && version.asInt() > JsonReport.SCHEMA_VERSION) {
            throw new ConfigException(source + ": schemaVersion=" + version.asText() + ": this openmark reads up to "
                    + JsonReport.SCHEMA_VERSION + "; use a newer openmark");
        }
        if (!result.path("operations").isObject()) {
            throw new ConfigException(source + ": not an openmark result (no \"operations\" object)");
        }
    }
}
