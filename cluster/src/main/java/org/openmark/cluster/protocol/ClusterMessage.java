package org.openmark.cluster.protocol;

/**
 * Every message that crosses the network between a coordinator and its workers. Pekko
 * serializes exactly these, with Jackson CBOR (the binding in {@code reference.conf}); Java
 * serialization is off, and no other class is accepted from the wire.
 */
public interface ClusterMessage {
}
