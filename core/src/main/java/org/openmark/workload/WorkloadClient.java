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
}
