package org.openmark.cluster.protocol;

/** What the coordinator's actor handles: messages from workers and its own (membership, timers). */
public interface CoordinatorCommand {
}
