package org.openmark.cluster.protocol;

/** The worker's store is open and loaded; it waits for {@link StartAt}. */
public record Ready(int index) implements ToRun {
}
