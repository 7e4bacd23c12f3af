package org.openmark.cluster.protocol;

/**
 * The answer to a {@link Ping}: the worker's wall clock when it answered.
 *
 * @param workerEpochMicros microseconds since the epoch by the worker's clock
 */
public record Pong(int index, long seq, long coordinatorNanos, long workerEpochMicros) implements ToCoordinator {
}
