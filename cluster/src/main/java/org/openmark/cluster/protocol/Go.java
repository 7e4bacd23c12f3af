package org.openmark.cluster.protocol;

/**
 * Load as the coordinator decided, then get ready ({@link Ready}).
 *
 * @param load {@code NONE}; {@code ALL} the records (each worker has a store of its own); or
 *     {@code PARTITION}: the worker's share of the key range (the workers share one store)
 */
public record Go(int run, String load) implements ToWorker {
    public static final String NONE = "NONE";
    public static final String ALL = "ALL";
    public static final String PARTITION = "PARTITION";
}
