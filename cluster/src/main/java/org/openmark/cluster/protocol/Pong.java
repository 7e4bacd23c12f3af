package org.openmark.cluster.protocol;

/**
 * The answer to a {@link Ping}, to the coordinator's actor that probes the clocks: the worker's wall
 * clock when it answered.
 *
 * @param coordinatorNanos the ping's own time, back, for the round trip
 * @param workerEpochMicros microseconds since the epoch by the worker's clock ({@link EpochMicrosClock})
 */
public record Pong(int index, long seq, long coordinatorNanos, long workerEpochMicros) implements ClusterMessage {
}
