package org.openmark.cluster.protocol;

/**
 * The coordinator has everything it needs: the worker may leave the cluster and exit.
 *
 * @param reason why the session ended without success (the worker says it), or null
 */
public record Finish(boolean success, String reason) implements ToWorker {
}
