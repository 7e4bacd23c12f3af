package org.openmark.cluster.protocol;

/** A message a worker sends to the coordinator. */
public interface ToCoordinator extends CoordinatorCommand, ClusterMessage {
}
