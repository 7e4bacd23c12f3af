package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * The load generators of a cluster run (result.json's {@code workers}), one row each: its share,
 * what it issued and at which rate, its send lag, CPU and clock offset, and whether it ran to the
 * end, stopped early (when and why) or was lost (when it was last heard from).
 */
final class WorkersTable {
    private WorkersTable() {
    }

    /** The table, or nothing for a run in one process. */
    static void render(StringBuilder b, JsonNode workers) {
        if (!workers.isArray() || workers.isEmpty()) {
            return;
        }
        b.append("<table class=\"schedule workers\"><caption>Load generators (cluster run)</caption>\n<tr>")
                .append("<th>worker</th><th>address</th><th>share</th><th>issued</th><th>target rate</th>")
                .append("<th>achieved rate</th><th>send lag p99</th><th>CPU</th><th>clock offset</th>")
                .append("<th>part</th></tr>\n");
        for (JsonNode w : workers) {
            b.append("<tr>");
            cell(b, w.path("name").asText("?"));
            cell(b, w.path("address").asText("?"));
            cell(b, w.path("share").asText("?"));
            cell(b, Units.count(w.path("issued").asLong()));
            double target = w.path("targetRate").asDouble();
            cell(b, target > 0 ? Units.rate(target) : "–");
            cell(b, Units.rate(w.path("achievedRate").asDouble()));
            JsonNode lag = w.path("sendLagUs");
            cell(b, lag.path("max").asLong() > 0 ? Units.durationUs(lag.path("p99").asDouble()) : "–");
            cell(b, w.path("cpuPercent").isNumber() ? String.format(Locale.ROOT, "%.0f %%",
                    w.path("cpuPercent").asDouble()) : "?");
            long rtt = w.path("roundTripUs").asLong(-1);
            cell(b, Units.durationUs(w.path("clockOffsetUs").asDouble()) + (rtt >= 0 ? " ± "
                    + Units.durationUs(rtt / 2.0) : ""));
            b.append("<td class=\"").append(part(w).startsWith("ran") ? "" : "cross").append("\">")
                    .append(Html.escape(part(w))).append("</td>");
            b.append("</tr>\n");
        }
        b.append("</table>\n");
    }

    /** Whether it ran its part to the end, stopped early or was lost, and when. */
    private static String part(JsonNode w) {
        if (w.path("lost").asBoolean(false)) {
            return String.format(Locale.ROOT, "LOST (last heard %.1f s into the run)",
                    w.path("lostAfterMs").asLong() / 1000.0);
        }
        if (w.path("stopReason").isTextual()) {
            return String.format(Locale.ROOT, "STOPPED at %.1f s: %s", w.path("endedAfterMs").asLong() / 1000.0,
                    w.path("stopReason").asText());
        }
        return w.path("valid").asBoolean(true) ? "ran to the end" : "ran to the end, not valid";
    }

    private static void cell(StringBuilder b, String text) {
        b.append("<td>").append(Html.escape(text)).append("</td>");
    }
}
