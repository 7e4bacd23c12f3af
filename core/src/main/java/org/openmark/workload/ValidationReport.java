package org.openmark.workload;

import java.util.List;
import java.util.Map;

/**
 * What a validation stage found after a run.
 *
 * @param passed whether the store's data satisfies the workload's invariant
 * @param textLines lines for the text report, in YCSB's {@code [SECTION], metric, value} format
 * @param values machine-readable figures for result.json (name to number, string or nested map)
 */
public record ValidationReport(boolean passed, List<String> textLines, Map<String, Object> values) {
}
