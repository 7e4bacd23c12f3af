package org.openmark.workload;

import java.util.List;
import java.util.Map;

/**
 * Figures a workload adds to the reports.
 *
 * @param name the key under {@code sections} in result.json, e.g. {@code txn}
 * @param textLines lines for the text report ({@code [SECTION], metric, value})
 * @param values the figures for result.json
 */
public record ReportSection(String name, List<String> textLines, Map<String, Object> values) {
}
