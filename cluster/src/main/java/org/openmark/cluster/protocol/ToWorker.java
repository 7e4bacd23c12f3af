package org.openmark.cluster.protocol;

/** A message the coordinator sends to a worker. */
public interface ToWorker extends WorkerCommand, ClusterMessage {
}
