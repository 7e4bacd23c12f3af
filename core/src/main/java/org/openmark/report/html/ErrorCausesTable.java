package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Why the store failed (result.json's {@code sections.errorCauses}): one row per operation, status
 * and cause, the most frequent first, with the first message of each cause as the store gave it
 * (on one line, any secret in it masked when it was counted).
 */
final class ErrorCausesTable {
    private ErrorCausesTable() {
    }

    /** The section, or nothing when the run counted no cause. */
    static void render(StringBuilder b, JsonNode sections) {
        JsonNode causes = sections.path(org.openmark.measure.ErrorCauses.SECTION).path("causes");
        if (!causes.isArray() || causes.isEmpty()) {
            return;
        }
        b.append("<section>\n<h2>Errors by cause</h2>\n<p class=\"lead\">Why the store failed: the operations that"
                + " ended with a status other than OK and NOT_FOUND after the warm-up, counted per operation, status"
                + " and cause (causes told apart by their first line, numbers aside), each with the first message"
                + " the store gave for it.</p>\n<table class=\"causes\" id=\"error-causes\">\n<thead><tr>"
                + "<th>operation</th><th>status</th><th>count</th><th>first message</th></tr></thead>\n<tbody>\n");
        for (JsonNode c : causes) {
            b.append("<tr><th>").append(Html.escape(c.path("op").asText("?"))).append("</th><td class=\"status err\">")
                    .append(Html.escape(c.path("status").asText("?"))).append("</td><td>")
                    .append(Units.count(c.path("count").asLong())).append("</td><td class=\"why\">")
                    .append(Html.escape(c.path("why").asText(""))).append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n</section>\n");
    }
}
