package org.openmark.workload;

/**
 * One client's stream of operations. Not thread-safe: used by one generating thread. The
 * operations it returns are self-contained and may be executed on other threads.
 */
public interface WorkloadClient {

    /** The next load-phase operation (an insert), or {@code null} when this client's share is done. */
    Operation nextLoadOperation();

    /** The next run-phase operation. */
    Operation nextOperation();

    /**
     * True when making run-phase operations several at a time, before the earlier ones have run,
     * makes the same operations as making each when the previous one has ended: no choice depends
     * on an earlier operation's completion (such as a key chosen below the last acknowledged
     * insert, while inserts run). The closed model then makes them ahead in small batches, so that
     * nothing but its bookkeeping lies between two calls ({@code CallChain}). False by default.
     */
    default boolean makesAheadAlike() {
        return false;
    }
}
