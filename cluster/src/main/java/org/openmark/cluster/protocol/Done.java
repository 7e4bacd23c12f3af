package org.openmark.cluster.protocol;

/**
 * The worker's phase ended; its whole result.
 *
 * @param cpuPercent the worker process's CPU use over the phase, in percent of its cores (-1 unknown)
 * @param stopReason why the worker stopped its part before its end (a signal on its machine), or null
 *     when it ran its part to the end or the coordinator stopped it
 */
public record Done(int index, ResultWire result, double cpuPercent, String stopReason) implements ToRun {
}
