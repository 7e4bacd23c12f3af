package org.openmark.cluster.protocol;

/**
 * One status interval of a worker, as it was collected: every histogram, lossless.
 *
 * @param seq 0, 1, 2, … in order
 * @param elapsedSeconds since the worker's phase started, at the interval's end
 * @param inFlight the worker's outstanding operations at the interval's end
 * @param cpuPercent the worker process's CPU use over the interval, in percent of its cores (-1 unknown)
 */
public record IntervalReport(int index, int seq, IntervalWire interval, double elapsedSeconds, long inFlight,
        boolean warmUp, double cpuPercent) implements ToRun {
}
