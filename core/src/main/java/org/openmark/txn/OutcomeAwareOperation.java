package org.openmark.txn;

import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;

/**
 * An operation that must learn how its unit of work ended, because it keeps state that is only
 * true once the store acknowledged the work (the closed economy's ledger of committed transfers,
 * its pool of money). Inside a transaction the outcome is the commit's status, not the status of
 * the operation's own calls; outside one it is the operation's own status.
 */
public interface OutcomeAwareOperation extends Operation {

    /** Makes the store calls of one attempt; the caller reports how the attempt ended. */
    Status attempt(Session session);

    /**
     * How the attempt that {@link #attempt} started ended: {@link Status#OK} only when the store
     * acknowledged it. Called exactly once per attempt.
     */
    void onOutcome(Status outcome);

    /** Outside a transaction: one attempt whose own status is its outcome. */
    @Override
    default Status execute(Session session) {
        Status status;
        try {
            status = attempt(session);
        } catch (RuntimeException e) {
            onOutcome(Status.ERROR);
            throw e;
        }
        onOutcome(status == null ? Status.ERROR : status);
        return status;
    }
}
