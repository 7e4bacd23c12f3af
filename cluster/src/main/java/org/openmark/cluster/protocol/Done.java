package org.openmark.cluster.protocol;

/**
 * The worker's phase ended; its whole result.
 *
 * @param cpuPercent the worker process's CPU use over the phase, in percent of its cores (-1 unknown)
 */
public record Done(int run, int index, ResultWire result, double cpuPercent) implements ToCoordinator {
}
