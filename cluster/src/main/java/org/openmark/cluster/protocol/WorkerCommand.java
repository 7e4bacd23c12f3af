package org.openmark.cluster.protocol;

/** What a worker's actor handles: messages from the coordinator and its own (membership). */
public interface WorkerCommand {
}
