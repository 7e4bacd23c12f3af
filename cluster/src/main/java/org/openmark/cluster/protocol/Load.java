package org.openmark.cluster.protocol;

/**
 * How a worker loads its store before a phase, as the coordinator decided from what every worker
 * found when it opened its store.
 */
public enum Load {
    /** Nothing: the store holds the records already, or autoload is off. */
    NONE,
    /** All the records: each worker has a store of its own (embedded in its process). */
    ALL,
    /** The worker's part of the key range: the workers share one store, which is loaded once, split. */
    PARTITION
}
