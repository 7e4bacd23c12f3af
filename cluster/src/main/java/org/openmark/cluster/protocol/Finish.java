package org.openmark.cluster.protocol;

/** The coordinator has everything it needs: the worker may leave the cluster and exit. */
public record Finish(boolean success) implements ToWorker {
}
