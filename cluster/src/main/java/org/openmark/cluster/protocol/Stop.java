package org.openmark.cluster.protocol;

/** Stop issuing now (Ctrl-C on the coordinator, or the run is aborted) and report what there is. */
public record Stop(String reason) implements ToWorker {
}
