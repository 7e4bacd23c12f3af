package org.openmark.cluster.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * The answer to a {@link Challenge}.
 *
 * @param proof HMAC-SHA256 of the nonce under the shared secret, hex ({@link SharedSecret#proof}); empty
 *     when the worker has no secret
 */
public record Register(ActorRef<ToWorker> worker, String proof) implements ToCoordinator {
}
