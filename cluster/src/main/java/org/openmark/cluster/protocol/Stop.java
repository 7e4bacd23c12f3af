package org.openmark.cluster.protocol;

/**
 * Stop issuing now (Ctrl-C on the coordinator, or the run is aborted) and report what there is.
 * It stops the run under way only: the session's next run starts afresh.
 */
public record Stop(String reason) implements ToWorker {
}
