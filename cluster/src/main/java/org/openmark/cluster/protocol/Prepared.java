package org.openmark.cluster.protocol;

/**
 * The worker opened its store and built its workload.
 *
 * @param knownEmpty the store knows the workload's table holds no records
 * @param embedded the store lives in the worker's process (each worker has its own)
 */
public record Prepared(int index, boolean knownEmpty, boolean embedded) implements ToRun {
}
