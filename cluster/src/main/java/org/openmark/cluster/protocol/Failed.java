package org.openmark.cluster.protocol;

/**
 * The worker cannot do its part.
 *
 * @param badInput true when a property was refused (the run's input is at fault, exit code 2)
 */
public record Failed(int run, int index, String reason, boolean badInput) implements ToCoordinator {
}
