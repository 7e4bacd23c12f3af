package org.openmark.workload;

import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * One unit of work chosen by a workload: a single store call, or several (read-modify-write,
 * a transaction). The driver decides when it runs and measures it; the operation only talks
 * to the session.
 */
public interface Operation {

    /** The name its latency is reported under, e.g. {@code READ} or {@code READ-MODIFY-WRITE}. */
    String name();

    /**
     * True when the operation makes several store calls. The driver then hands it a session
     * that also records each inner call under its own name (as YCSB records READ and UPDATE
     * inside READ-MODIFY-WRITE).
     */
    default boolean composite() {
        return false;
    }

    /**
     * What a trace records of it ({@code --record-ops}): its record, fields and bytes; null when it has
     * none to tell (a unit of work of several records). Asked once it has ended, on the thread that saw
     * it end, and only when a trace is recorded.
     */
    default OperationTarget target() {
        return null;
    }

    /** Runs the operation; returns its status (never throws for a store error). */
    Status execute(Session session);

    /**
     * True when the operation is one store call that {@link #start} can start on a
     * {@link PipelinedSession} without waiting for it (false by default: composite operations,
     * transactions, inserts the load phase retries).
     */
    default boolean pipelinable() {
        return false;
    }

    /**
     * Starts the operation's one store call; {@code done} is told its status once it has ended,
     * as {@link #execute} would return it. The default runs {@link #execute} and tells at once.
     */
    default void start(PipelinedSession session, PipelinedSession.Completion done) {
        done.completed(execute(session));
    }

    /**
     * True when the operation, now ended, read data to check ({@code dataintegrity}, a read the
     * store answered OK). The driver then calls {@link #checkData} once it has recorded the
     * operation, outside the operation's time, and records the check's own time and outcome under
     * {@link DataChecks#NAME}, as YCSB measures VERIFY apart from READ. False by default.
     */
    default boolean hasDataToCheck() {
        return false;
    }

    /**
     * Checks the data the operation read: OK, UNEXPECTED_STATE (a field differs from what was
     * written) or ERROR (no field). Called only when {@link #hasDataToCheck}, on the thread that
     * saw the operation end.
     */
    default Status checkData() {
        throw new IllegalStateException(name() + " has no data to check");
    }
}
