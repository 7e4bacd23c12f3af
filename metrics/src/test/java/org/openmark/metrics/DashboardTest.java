package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/** dashboards/openmark.json asks only for series the endpoint serves (a renamed metric breaks a panel here). */
class DashboardTest {
    private static final Pattern NAME = Pattern.compile("\\b((?:openmark|jvm)_[a-z_]+)");

    @Test
    void dashboard_everyMetricItQueries_isServed() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("..", "dashboards", "openmark.json").toFile());
        List<String> queries = new ArrayList<>();
        dashboard.path("panels").forEach(p -> p.path("targets").forEach(t -> queries.add(t.path("expr").asText())));
        dashboard.path("annotations").path("list").forEach(a -> queries.add(a.path("expr").asText()));
        dashboard.path("templating").path("list").forEach(v -> queries.add(v.path("definition").asText()));
        Set<String> asked = new TreeSet<>();
        for (String q : queries) {
            Matcher m = NAME.matcher(q);
            while (m.find()) {
                asked.add(m.group(1));
            }
        }
        assertTrue(asked.size() > 15, "metrics asked for: " + asked);
        RunMetrics metrics = new RunMetrics();
        metrics.phaseStarted(new RunFacts("run", "memory", 1, "open", false, 0, s -> 1000, 0, 10, 0.001, 0.01));
        metrics.interval(RunMetrics.RUN, new Snapshots().ops("READ", Status.OK, 100, 1).build(0, 1000), 1, 0, false);
        metrics.event(1, "echo", 1.795e9, false);
        System.gc(); // the JVM's GC metrics have a series once a collection ran
        Set<String> served = new TreeSet<>();
        for (String line : Scrape.of(metrics.registry()).text().split("\n")) {
            Matcher m = NAME.matcher(line);
            if (!line.startsWith("#") && m.lookingAt()) {
                served.add(m.group(1));
                if (m.group(1).endsWith("_count")) {
                    // a histogram: its native form is queried by its bare name (protobuf only, not in text)
                    served.add(m.group(1).substring(0, m.group(1).length() - "_count".length()));
                }
            }
        }
        Set<String> missing = new TreeSet<>(asked);
        missing.removeAll(served);
        assertEquals(Set.of(), missing, "the dashboard asks for series the endpoint does not serve");
    }
}
