package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/** A clock probe: the worker answers {@code replyTo} at once with its own clock ({@link Pong}). */
public record Ping(long seq, long coordinatorNanos, ActorRef<Pong> replyTo) implements ToWorker {
}
