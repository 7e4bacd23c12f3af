package org.openmark.cluster.protocol;

/**
 * Every message that crosses the network between a coordinator and its workers, one record per
 * message, by whom it is for: the coordinator's actor ({@link ToCoordinator}), a worker's
 * ({@link ToWorker}), the actor of one run ({@link ToRun}), or the one that probes the clocks
 * ({@link Pong}). Pekko serializes exactly these,
 * with Jackson CBOR (the binding in {@code openmark-cluster.conf}); Java serialization is off, and
 * no other class is accepted from the wire. Each actor adapts the messages for it into its own
 * protocol, so this package knows no actor and no actor's package knows another's messages.
 */
public sealed interface ClusterMessage permits ToCoordinator, ToWorker, ToRun, Pong {
}
