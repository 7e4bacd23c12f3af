package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The load generator's own garbage-collection pauses (result.json's {@code sections.harnessGcPauses},
 * real-time runs): the longest ones marked on the plots over time, where each began, and listed with
 * the counts, so that a reader sees when the generator itself stopped (a late send then is the
 * generator's, not the store's).
 */
final class HarnessPauses {
    /** The section's key in result.json (the run package's {@code GcPauses.SECTION}). */
    static final String SECTION = "harnessGcPauses";

    private HarnessPauses() {
    }

    /** The pauses to mark on the plots (seconds from the start of the warm-up, as their axis); empty when none. */
    static List<Chart.Marker> markers(JsonNode sections) {
        List<Chart.Marker> out = new ArrayList<>();
        for (JsonNode p : sections.path(SECTION).path("longest")) {
            if (p.path("atSeconds").isNumber()) {
                out.add(new Chart.Marker(p.path("atSeconds").asDouble(), String.format(Locale.ROOT,
                        "GC pause of the load generator: %d ms at %.3f s (%s, %s)", p.path("ms").asLong(),
                        p.path("atSeconds").asDouble(), p.path("collector").asText("?"), p.path("cause").asText("?"))));
            }
        }
        return out;
    }

    /** The section listing the pauses, or nothing when the run has none (or was in virtual time). */
    static void render(StringBuilder b, JsonNode sections) {
        JsonNode gc = sections.path(SECTION);
        long pauses = gc.path("pauses").asLong(0);
        if (pauses == 0) {
            return;
        }
        JsonNode longest = gc.path("longest");
        b.append("<section>\n<h2>The load generator's GC pauses</h2>\n<p class=\"lead\" id=\"harness-gc\">")
                .append(Html.escape(String.format(Locale.ROOT, "The JVM of the load generator (not the store) paused"
                        + " for garbage collection %s times during the run, %s ms in all, the longest %s ms. A send"
                        + " due during a pause is late by the pause: the generator's lateness, not the store's.",
                        Units.count(pauses), Units.count(gc.path("totalMs").asLong()),
                        Units.count(gc.path("longestMs").asLong()))));
        if (longest.isArray() && !longest.isEmpty()) {
            b.append(Html.escape(" The longest " + (longest.size() == 1 ? "one is" : longest.size() + " are")
                    + " marked on the plots over time (black dotted lines) and listed here, in time order (seconds from"
                    + " the run's start, warm-up included)."));
        } else {
            b.append(Html.escape(" Each was shorter than a millisecond (the JVM reports 0 ms), so none is marked."));
        }
        b.append("</p>\n");
        if (longest.isArray() && !longest.isEmpty()) {
            b.append("<table class=\"causes\" id=\"harness-gc-pauses\">\n<thead><tr><th>at</th><th>pause</th>"
                    + "<th>collector</th><th>cause</th></tr></thead>\n<tbody>\n");
            for (JsonNode p : longest) {
                b.append("<tr><td>").append(Html.escape(String.format(Locale.ROOT, "%.3f s",
                        p.path("atSeconds").asDouble()))).append("</td><td>")
                        .append(Html.escape(p.path("ms").asLong() + " ms")).append("</td><td class=\"why\">")
                        .append(Html.escape(p.path("collector").asText("?"))).append("</td><td class=\"why\">")
                        .append(Html.escape(p.path("cause").asText("?"))).append("</td></tr>\n");
            }
            b.append("</tbody>\n</table>\n");
        }
        b.append("</section>\n");
    }
}
