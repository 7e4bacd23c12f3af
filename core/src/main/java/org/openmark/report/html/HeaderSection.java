package org.openmark.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The top of the page: the verdict (valid or not, interrupted) with the warnings that decided
 * it, the run's identity, the accounting line and, for the open model, the schedule self-check.
 */
final class HeaderSection {
    private HeaderSection() {
    }

    /** The header HTML. */
    static String render(JsonNode r) {
        StringBuilder b = new StringBuilder("<header>\n");
        b.append("<h1>openmark report <span class=\"sub\">").append(e(r.path("store").asText("?"))).append(" · ")
                .append(e(r.path("phase").asText("?"))).append(" phase</span></h1>\n");
        verdict(b, r);
        facts(b, r);
        accounting(b, r.path("accounting"), r.path("unfinishedLatencyUs"));
        schedule(b, r.path("schedule"));
        WorkersTable.render(b, r.path("workers"));
        validation(b, r.path("validation"));
        list(b, r.path("notes"), "notes", "Notes");
        return b.append("</header>\n").toString();
    }

    private static void verdict(StringBuilder b, JsonNode r) {
        boolean valid = r.path("valid").asBoolean(false);
        boolean interrupted = r.path("interrupted").asBoolean(false);
        b.append("<div class=\"verdict ").append(valid ? "valid" : "invalid").append("\"><strong>")
                .append(valid ? "VALID" : "INVALID").append("</strong> ")
                .append(valid ? "the load generator checked itself and found nothing wrong"
                        : "do not take these figures as the store's: see the warnings");
        if (interrupted) {
            b.append(" <span class=\"badge\">INTERRUPTED</span> the run was stopped before its end");
        }
        b.append("</div>\n");
        list(b, r.path("warnings"), "warnings", "Warnings");
    }

    private static void facts(StringBuilder b, JsonNode r) {
        b.append("<dl class=\"facts\">\n");
        fact(b, "store", r.path("store").asText("?"));
        load(b, r.path("load"), r.path("model").asText("?"));
        fact(b, "seed", r.path("seed").asText("?"));
        fact(b, "phase", r.path("phase").asText("?"));
        if ("virtual".equals(r.path("config").path(org.openmark.run.RunProperties.TIME).asText())) {
            // The virtual clock's epoch is no date: the run's times are seconds from its start.
            fact(b, "clock", "virtual time (seconds from the start)");
        } else if (r.path("startEpochMs").canConvertToLong()) {
            fact(b, "started", Instant.ofEpochMilli(r.path("startEpochMs").asLong()).toString().replace("T", " ")
                    .replace("Z", " UTC"));
        }
        boolean warmUp = r.path("accounting").path("warmUp").asLong() > 0;
        fact(b, "runtime", Units.runtime(r.path("runtimeMs").asLong()) + (warmUp ? " (after the warm-up)" : ""));
        fact(b, "throughput", Units.rate(r.path("throughput").asDouble()));
        fact(b, "interrupted", r.path("interrupted").asBoolean(false) ? "yes" : "no");
        fact(b, "openmark", r.path("openmarkVersion").asText("?"));
        b.append("</dl>\n");
    }

    /** The load model from its fields (result.json's {@code load}); the display text only for older results. */
    private static void load(StringBuilder b, JsonNode load, String display) {
        String kind = load.path("kind").asText("");
        if (kind.equals("open")) {
            fact(b, "model", "open");
            String arrival = load.path("arrival").asText("?");
            fact(b, "arrivals", load.has("arrivalParameter") ? arrival + " (" + (arrival.equals("pareto") ? "shape "
                    : "cv ") + load.path("arrivalParameter").asDouble() + ")" : arrival);
            fact(b, "target rate", rateSchedule(load.path("schedule")));
            fact(b, "max in flight", Units.count(load.path("maxInFlight").asLong()));
            if (load.path("onOverload").asText("wait").equals("drop")) {
                fact(b, "on overload", "drop");
            }
        } else if (kind.equals("closed")) {
            fact(b, "model", "closed");
            fact(b, "threads", Units.count(load.path("threads").asLong()));
            fact(b, "target", load.has("targetPerSec") ? Units.rate(load.path("targetPerSec").asDouble())
                    : "none (as fast as the threads go)");
            if (load.has("thinkTimeMs")) {
                fact(b, "think time", Units.durationUs(load.path("thinkTimeMs").asDouble() * 1000));
            }
        } else {
            fact(b, "model", display);
        }
        if (load.has("share")) {
            fact(b, "share", load.path("share").asText());
        }
    }

    private static String rateSchedule(JsonNode s) {
        List<String> rates = new ArrayList<>();
        s.path("ratesPerSec").forEach(r -> rates.add(Units.rate(r.asDouble())));
        return switch (s.path("kind").asText("")) {
            case "constant" -> rates.isEmpty() ? "?" : rates.get(0);
            case "steps" -> "steps " + String.join(", ", rates) + ", each " + Units.runtime(s.path("stepMs").asLong());
            case "ramp" -> "ramp " + String.join(" to ", rates) + " over " + Units.runtime(s.path("rampMs").asLong());
            default -> "?";
        };
    }

    private static void fact(StringBuilder b, String name, String value) {
        b.append("<div><dt>").append(e(name)).append("</dt><dd>").append(e(value)).append("</dd></div>\n");
    }

    /**
     * issued = warm-up + Σ statuses + unfinished (+ lost with a worker, in a cluster run), with the
     * sum checked here as well: the same identity result.json's {@code addsUp} and result.txt say.
     */
    static void accounting(StringBuilder b, JsonNode a, JsonNode unfinishedLatency) {
        if (!a.isObject()) {
            return;
        }
        long issued = a.path("issued").asLong();
        List<String> terms = new ArrayList<>();
        long sum = a.path("warmUp").asLong();
        terms.add("warm-up " + Units.count(a.path("warmUp").asLong()));
        Iterator<Map.Entry<String, JsonNode>> statuses = a.path("statuses").fields();
        while (statuses.hasNext()) {
            Map.Entry<String, JsonNode> s = statuses.next();
            sum += s.getValue().asLong();
            terms.add(s.getKey() + " " + Units.count(s.getValue().asLong()));
        }
        sum += a.path("unfinished").asLong();
        terms.add("unfinished " + Units.count(a.path("unfinished").asLong()));
        long lost = a.path("lostWithWorker").asLong();
        if (lost > 0) {
            sum += lost;
            terms.add("lost with a worker " + Units.count(lost));
        }
        boolean addsUp = sum == issued && a.path("addsUp").asBoolean(true);
        b.append("<p class=\"accounting ").append(addsUp ? "ok" : "bad").append("\"><strong>Accounting</strong> issued ")
                .append(Units.count(issued)).append(" = ").append(e(String.join(" + ", terms)));
        b.append(addsUp ? " <span class=\"check\">✓ adds up</span>"
                : " <span class=\"cross\">✗ does not add up (the terms sum to " + Units.count(sum) + ")</span>");
        long dropped = a.path("dropped").asLong();
        if (dropped > 0) {
            b.append("; dropped (never issued) ").append(Units.count(dropped));
        }
        if (a.path("unfinished").asLong() > 0 && unfinishedLatency.isObject()) {
            b.append("; the unfinished had waited ").append(Units.durationUs(unfinishedLatency.path("p50").asDouble()))
                    .append(" (median) to ").append(Units.durationUs(unfinishedLatency.path("max").asDouble()))
                    .append(" (max) when the run stopped");
        }
        b.append("</p>\n");
    }

    /** The machine's own wake-up floor beside the send lag (an ideal scheduler's), or why it is missing. */
    private static String machineFloor(JsonNode f) {
        if (!f.path("measured").asBoolean(false)) {
            return "not measured" + (f.path("why").asText("").isEmpty() ? "" : " (" + f.path("why").asText() + ")");
        }
        String around = f.has("p99AfterUs") ? "; before the run " + Units.durationUs(f.path("p99BeforeUs").asDouble())
                + ", after it " + Units.durationUs(f.path("p99AfterUs").asDouble()) : "";
        return Units.durationUs(f.path("sendLagUs").path("p99").asDouble()) + " (p50 "
                + Units.durationUs(f.path("sendLagUs").path("p50").asDouble()) + around + ")";
    }

    private static void schedule(StringBuilder b, JsonNode s) {
        if (!s.isObject()) {
            return;
        }
        double scheduled = s.path("scheduledRate").asDouble();
        double achieved = s.path("achievedRate").asDouble();
        JsonNode lag = s.path("sendLagUs");
        b.append("<table class=\"schedule\"><caption>Schedule self-check (open model)</caption>\n<tr>")
                .append("<th>target rate</th><th>scheduled rate</th><th>achieved rate</th>")
                .append("<th>send lag p50</th><th>p99</th><th>p99.9</th><th>max</th>")
                .append("<th>machine floor p99</th>")
                .append("<th>waited for a slot</th><th>dropped</th></tr>\n<tr>");
        cell(b, Units.rate(s.path("targetRate").asDouble()));
        cell(b, Units.rate(scheduled));
        cell(b, Units.rate(achieved) + (scheduled > 0 ? String.format(java.util.Locale.ROOT, " (%.1f %%)",
                100 * achieved / scheduled) : ""));
        for (String p : List.of("p50", "p99", "p999", "max")) {
            cell(b, Units.durationUs(lag.path(p).asDouble()));
        }
        cell(b, machineFloor(s.path("machineFloor")));
        cell(b, Units.count(s.path("waitedForSlot").asLong()) + (s.path("waitedForSlot").asLong() > 0
                ? " (" + Units.durationUs(s.path("slotWaitMs").asDouble() * 1000) + " in all)" : ""));
        cell(b, Units.count(s.path("dropped").asLong()));
        b.append("</tr>\n");
        JsonNode offered = s.path("offered");
        if (offered.isArray() && !offered.isEmpty()) {
            // A cluster run whose workers did not all run to the end: the plan above, what was offered here.
            b.append("<tr><td colspan=\"10\" class=\"offered\">offered instead of the plan: ");
            List<String> changes = new ArrayList<>();
            for (JsonNode c : offered) {
                changes.add(String.format(java.util.Locale.ROOT, "from %.1f s %s (%d of %d workers; %s)",
                        c.path("fromSeconds").asDouble(), Units.rate(c.path("ratePerSec").asDouble()),
                        c.path("workers").asInt(), c.path("of").asInt(), c.path("why").asText()));
            }
            b.append(e(String.join("; ", changes))).append("; ").append(e(Units.rate(s.path("offeredRate")
                    .asDouble()))).append(" over the whole run</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void validation(StringBuilder b, JsonNode v) {
        if (!v.isObject()) {
            return;
        }
        boolean passed = v.path("passed").asBoolean(false);
        b.append("<p class=\"accounting ").append(passed ? "ok" : "bad").append("\"><strong>Validation</strong> ")
                .append(passed ? "passed" : "failed");
        Iterator<Map.Entry<String, JsonNode>> fields = v.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!f.getKey().equals("passed")) {
                b.append(" · ").append(e(f.getKey())).append(' ').append(e(f.getValue().isValueNode()
                        ? f.getValue().asText() : f.getValue().toString()));
            }
        }
        b.append("</p>\n");
    }

    private static void list(StringBuilder b, JsonNode items, String cssClass, String title) {
        if (!items.isArray() || items.isEmpty()) {
            return;
        }
        b.append("<div class=\"").append(cssClass).append("\"><strong>").append(title).append("</strong><ul>\n");
        for (JsonNode item : items) {
            b.append("<li>").append(e(item.asText())).append("</li>\n");
        }
        b.append("</ul></div>\n");
    }

    private static void cell(StringBuilder b, String text) {
        b.append("<td>").append(e(text)).append("</td>");
    }

    private static String e(String s) {
        return Html.escape(s);
    }
}
