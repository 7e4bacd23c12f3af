package org.openmark.load.dispatch;

/**
 * The {@link WorkerPool} as its {@link TimekeepingRelay} sees it: the relay can have it call a
 * worker to the free role, see whether operations are queued, and tells it when a worker goes to
 * the standby slot and when it leaves it (a worker there is parked, so it does not count as awake).
 */
interface RelayPool {
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
