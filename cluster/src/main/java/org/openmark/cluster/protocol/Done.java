package org.openmark.cluster.protocol;

/**
 * The worker's phase ended; its whole result.
 *
 * @param cpuPercent the worker process's CPU use over the phase, in percent of its cores (-1 unknown)
 * @param stopReason why the worker stopped its part before its end (a signal on its machine, the
 *     coordinator's stop), or null when it ran its part to the end
 */
public record Done(int run, int index, ResultWire result, double cpuPercent, String stopReason)
        implements ToCoordinator {
}
