package org.openmark.cluster.protocol;

/** The coordinator will not use this worker; the reason says why and what to do. */
public record Refused(String reason) implements ToWorker {
}
