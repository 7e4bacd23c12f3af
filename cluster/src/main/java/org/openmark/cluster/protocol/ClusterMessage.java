package org.openmark.cluster.protocol;

/**
 * Every message that crosses the network between a coordinator and its workers: the actors'
 * nested wire protocols ({@code CoordinatorActor.FromWorker}, {@code CoordinatorActor.ToWorker},
 * and their phase's) extend it. Pekko serializes exactly these, with Jackson CBOR (the binding in
 * {@code openmark-cluster.conf}); Java serialization is off, and no other class is accepted from
 * the wire.
 */
public interface ClusterMessage {
}
