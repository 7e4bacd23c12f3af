package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A table per operation: count and statuses, then mean and percentiles of response and service time;
 * for the data checks (VERIFY) the count and statuses of the checks and their own time.
 */
final class OperationTables {
    private static final List<String> KEYS = List.of("mean", "p50", "p90", "p99", "p999", "max");
    private static final List<String> HEADINGS = List.of("mean", "p50", "p90", "p99", "p99.9", "max");

    private OperationTables() {
    }

    /** The tables of every operation in {@code operations} (result.json's operations object). */
    static String render(JsonNode operations, Palette palette) {
        StringBuilder b = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> ops = operations.fields();
        while (ops.hasNext()) {
            Map.Entry<String, JsonNode> op = ops.next();
            table(b, op.getKey(), op.getValue(), palette.colour(op.getKey()));
        }
        return b.toString();
    }

    private static void table(StringBuilder b, String name, JsonNode op, String colour) {
        // the checks of what the reads returned (dataintegrity) are timed apart from them: no operations
        boolean checks = name.equals(org.openmark.workload.DataChecks.NAME);
        b.append("<table class=\"op\">\n<caption><span class=\"swatch\" style=\"background:").append(colour)
                .append("\"></span><strong>").append(Html.escape(name)).append("</strong> ")
                .append(Units.count(op.path("count").asLong()))
                .append(checks ? " checks of what the reads returned (dataintegrity), timed apart from them"
                        : " operations");
        Iterator<Map.Entry<String, JsonNode>> statuses = op.path("statuses").fields();
        while (statuses.hasNext()) {
            Map.Entry<String, JsonNode> s = statuses.next();
            b.append(" · <span class=\"").append(s.getKey().equals("OK") ? "status" : "status err").append("\">")
                    .append(Html.escape(s.getKey())).append(' ').append(Units.count(s.getValue().asLong()))
                    .append("</span>");
        }
        b.append("</caption>\n<thead><tr><th></th>");
        for (String h : HEADINGS) {
            b.append("<th>").append(h).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        if (checks) {
            row(b, "check time (OK)", op.path("serviceTimeUs"));
            row(b, "check time (not OK)", op.path("failedLatencyUs"));
        } else {
            row(b, "response time (OK)", op.path("latencyUs"));
            row(b, "service time (OK)", op.path("serviceTimeUs"));
            row(b, "response time (not OK)", op.path("failedLatencyUs"));
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void row(StringBuilder b, String label, JsonNode summary) {
        if (!summary.isObject()) {
            return;
        }
        b.append("<tr><th>").append(label).append("</th>");
        for (String k : KEYS) {
            JsonNode v = summary.path(k);
            b.append("<td>").append(v.isNumber() ? Html.escape(Units.durationUs(v.asDouble())) : "–").append("</td>");
        }
        b.append("</tr>\n");
    }
}
