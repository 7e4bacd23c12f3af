package org.openmark.cluster.protocol;

/**
 * The worker has its {@link Finish} and leaves: the coordinator's node may go now without the
 * worker taking it for lost.
 */
public record Leaving(int index) implements ToCoordinator {
}
