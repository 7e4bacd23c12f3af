package org.openmark.store.ycsb.spi;

import java.util.Set;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * One YCSB {@code site.ycsb.Workload} instance, {@code init()}ed with the run's properties.
 * Implemented inside the workload's class loader (by the bridge); openmark's side drives it through
 * this interface, so it never names a {@code site.ycsb} type.
 */
public interface BindingWorkload {

    /**
     * A thread state, as YCSB's client thread {@code threadId} of {@code threadCount} gets from
     * {@code initThread}; used by one unit at a time.
     *
     * @throws org.openmark.api.StoreException when {@code initThread} throws
     */
    ThreadState initThread(int threadId, int threadCount);

    /** The property names YCSB's core and the workload class declare (their {@code *_PROPERTY} constants). */
    Set<String> knownProperties();

    /** The workload's {@code cleanup()}; what it throws is ignored (the run is over). */
    void cleanup();

    /** A thread state of the workload, and the two things YCSB's client thread does with it. */
    interface ThreadState {

        /**
         * One {@code doInsert}, its database calls made on {@code session}. The unit's status: the first
         * call's that was not OK, else ERROR when the workload returned false, else OK.
         */
        Status doInsert(Session session);

        /** One {@code doTransaction}, its database calls made on {@code session}; the status as for {@link #doInsert}. */
        Status doTransaction(Session session);
    }
}
