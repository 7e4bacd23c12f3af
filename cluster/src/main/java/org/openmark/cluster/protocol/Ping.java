package org.openmark.cluster.protocol;

/** A clock probe: the worker answers at once with its own clock ({@link Pong}). */
public record Ping(long seq, long coordinatorNanos) implements ToWorker {
}
