package org.openmark.compare;

import java.util.List;

/** Every compared figure of one operation. */
public record OperationComparison(String operation, List<MetricChange> metrics) {
}
