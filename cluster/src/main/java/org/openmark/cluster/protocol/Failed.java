package org.openmark.cluster.protocol;

/**
 * The worker cannot do its part.
 *
 * @param badInput true when a property was refused (the run's input is at fault, exit code 2)
 * @param storeUnreachable true when the worker's pre-flight found the store not answering (exit code 4)
 */
public record Failed(int index, String reason, boolean badInput, boolean storeUnreachable) implements ToRun {

    /** A failure that is not the store's refusal to answer. */
    public Failed(int index, String reason, boolean badInput) {
        this(index, reason, badInput, false);
    }
}
