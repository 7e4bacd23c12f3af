package org.openmark.workload;

import java.util.List;
import java.util.Map;

/**
 * What a validation stage found after a run.
 *
 * @param passed whether the store's data satisfies the workload's invariant
 * @param textLines lines for the text report, in YCSB's {@code [SECTION], metric, value} format
 * @param values machine-readable figures for result.json (name to number, string or nested map)
 * @param failure why it did not pass, in one sentence naming what was found (the run's warning),
 *     or null when it passed
 */
public record ValidationReport(boolean passed, List<String> textLines, Map<String, Object> values, String failure) {
    public ValidationReport {
        if (passed != (failure == null)) {
            throw new IllegalArgumentException(passed ? "a validation that passed has no failure"
                    : "a validation that failed says why");
        }
    }
}
