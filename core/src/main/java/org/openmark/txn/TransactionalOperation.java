package org.openmark.txn;

import java.util.Objects;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;

/**
 * Runs an operation as one unit of work: {@code start()}, the operation's calls, then
 * {@code commit()} when every call was OK, or {@code abort()} as soon as one failed. Named
 * {@code TX-<inner name>} (e.g. {@code TX-READ-MODIFY-WRITE}) and composite, so the driver hands
 * it a session that measures START, COMMIT, ABORT and each inner call under its own name, while
 * the whole unit (retries and back-off included) is measured under this name.
 *
 * <p>Outcomes: OK only when the commit returned OK. A failed inner call ends the unit with that
 * call's status after {@code abort()}. A commit that did not return OK is reported as ABORTED,
 * never as OK; the session contract says the transaction is over then, so no abort follows it.
 * A failed {@code start()} ends the unit with its status (there is nothing to abort). Units the
 * store aborted are run again per the {@link RetryPolicy}, after a back-off waited through the
 * clock; the inner operation is executed again from its beginning, so it must be re-executable.
 * A commit that returned anything other than ABORTED (a TIMEOUT, say) is not retried: it may have
 * committed, and running it again could apply it twice.
 */
public final class TransactionalOperation implements Operation {
    /** Prefix of the unit's name. */
    public static final String PREFIX = "TX-";

    private final Operation inner;
    private final String name;
    private final RetryPolicy retry;
    private final Clock clock;
    private final TxnCounters counters;

    public TransactionalOperation(Operation inner, RetryPolicy retry, Clock clock, TxnCounters counters) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.name = PREFIX + inner.name();
        this.retry = Objects.requireNonNull(retry, "retry");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /** The operation run inside the transaction. */
    public Operation inner() {
        return inner;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean composite() {
        return true;
    }

    /** The inner operation's data, as its last attempt read it, is checked after the unit ended (outside it). */
    @Override
    public boolean hasDataToCheck() {
        return inner.hasDataToCheck();
    }

    @Override
    public Status checkData() {
        return inner.checkData();
    }

    @Override
    public Status execute(Session session) {
        counters.countUnit();
        for (int retries = 0;; retries++) {
            Attempt attempt = attemptOnce(session);
            Status outcome = attempt.outcome();
            if (outcome.isOk()) {
                counters.countCommit();
                return outcome;
            }
            if (!retry.retries(attempt.cause(), retries)) {
                counters.countFinalAbort();
                return outcome;
            }
            counters.countRetry();
            long waitNanos = retry.backoffNanos(retries + 1);
            if (waitNanos > 0) {
                try {
                    clock.parkUntil(clock.nanoTime() + waitNanos);
                } catch (InterruptedException e) {
                    // The run is stopping: this abort is final.
                    Thread.currentThread().interrupt();
                    counters.countFinalAbort();
                    return outcome;
                }
            }
        }
    }

    /**
     * How one attempt ended.
     *
     * @param outcome the unit's status (OK only after an acknowledged commit)
     * @param cause the status of the call that ended the attempt (the commit's own status when
     *        the commit failed), which decides whether a retry is safe
     */
    private record Attempt(Status outcome, Status cause) {
    }

    /** One attempt: start, the inner calls, commit or abort. */
    private Attempt attemptOnce(Session session) {
        Status started = orError(session.start());
        if (!started.isOk()) {
            return new Attempt(started, started);
        }
        OutcomeAwareOperation aware = inner instanceof OutcomeAwareOperation a ? a : null;
        Status body;
        try {
            body = aware != null ? aware.attempt(session) : inner.execute(session);
        } catch (RuntimeException e) {
            // Leave the session usable for the next unit, then let the driver count the ERROR.
            session.abort();
            if (aware != null) {
                aware.onOutcome(Status.ERROR);
            }
            counters.countFinalAbort();
            throw e;
        }
        Attempt attempt;
        if (body == null || !body.isOk()) {
            session.abort();
            Status failed = body == null ? Status.ERROR : body;
            attempt = new Attempt(failed, failed);
        } else {
            Status committed = orError(session.commit());
            attempt = committed.isOk() ? new Attempt(Status.OK, Status.OK) : new Attempt(Status.ABORTED, committed);
        }
        if (aware != null) {
            aware.onOutcome(attempt.outcome());
        }
        return attempt;
    }

    /** A binding that returns no status broke its contract: count it as ERROR. */
    private static Status orError(Status s) {
        return s == null ? Status.ERROR : s;
    }
}
