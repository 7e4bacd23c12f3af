package org.openmark.load;

/**
 * The workers of a {@link WorkerPool} as the {@link TimekeepingRelay} sees them: it can call one
 * to the free role, see whether operations are queued, and tells the pool when a worker goes to
 * the standby slot and when it leaves it (a worker there is parked, so it does not count as awake).
 */
interface RelayCrew {
    /**
     * Wakes an idle worker, or starts one, to take up the timekeeping role if it is still free
     * ({@link TimekeepingRelay#arrive}); false when every worker is already awake.
     */
    boolean callForRole();

    /** Whether operations are queued (the standby leaves its slot to run them). */
    boolean workQueued();

    /** A worker went to the standby slot: it no longer counts as awake. */
    void wentToStandby();

    /** A worker left the standby slot: it counts as awake again. */
    void leftStandby();
}
