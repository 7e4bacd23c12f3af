package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/** The worker takes part in the session as worker {@code index + 1} of {@code count}. */
public record Accepted(int index, int count, ActorRef<ToCoordinator> coordinator) implements ToWorker {
}
