package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md lists what the code serves: a metric added or changed without regenerating the
 * list fails here ({@code -Dopenmark.golden.update=true} rewrites the list in the page).
 */
class MetricListDocumentedTest {
    static final String BEGIN = "<!-- metric list: generated from the code (MetricListDocumentedTest) -->\n";
    static final String END = "<!-- end of the metric list -->";

    @Test
    void metricsPage_listsEveryMetricServed() throws IOException {
        Path page = Path.of("..", "docs", "metrics.md");
        String text = Files.readString(page);
        int from = text.indexOf(BEGIN);
        int to = text.indexOf(END);
        assertTrue(from >= 0 && to > from, "docs/metrics.md has no generated metric list");
        String list = MetricList.markdown();
        if (Boolean.getBoolean("openmark.golden.update")) {
            Files.writeString(page, text.substring(0, from + BEGIN.length()) + list + text.substring(to));
            return;
        }
        assertEquals(list, text.substring(from + BEGIN.length(), to),
                "docs/metrics.md's metric list is out of date: regenerate it with -Dopenmark.golden.update=true");
    }

    @Test
    void markdown_everyFamilyOnce_withItsServedName() {
        String list = MetricList.markdown();
        assertTrue(list.contains("| `openmark_operations_total` | counter | `op`, `status`, `worker` |"), list);
        assertTrue(list.contains("| `openmark_response_time_seconds` | histogram"), list);
        assertTrue(list.contains("| `openmark_phase` | state set | `openmark_phase` |"), list);
        assertTrue(list.contains("| `openmark_run_info` | info | `command`, `model`, `seed`, `store` |"), list);
    }
}
