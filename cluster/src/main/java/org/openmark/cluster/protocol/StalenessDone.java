package org.openmark.cluster.protocol;

import java.util.Map;

/**
 * The worker's part of a staleness measurement ended: what it measured, and what its store said
 * about itself.
 *
 * @param cpuPercent the worker process's CPU use over the measurement, in percent of its cores (-1 unknown)
 */
public record StalenessDone(int index, StalenessWire result, Map<String, String> storeFacts, double cpuPercent)
        implements ToRun {
}
