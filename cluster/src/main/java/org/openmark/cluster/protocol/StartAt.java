package org.openmark.cluster.protocol;

/**
 * Start run {@code run} at this instant of the worker's own wall clock (the coordinator's start
 * instant plus the worker's measured clock offset), so that every worker starts together.
 */
public record StartAt(int run, long workerEpochMicros) implements ToWorker {
}
