package org.openmark.load;

import java.util.concurrent.atomic.AtomicReference;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.BackToBack;
import org.openmark.measure.ErrorCauses;
import org.openmark.measure.MeasurementWriter;
import org.openmark.workload.DataChecks;
import org.openmark.workload.Operation;
import org.openmark.workload.Workload;

/**
 * Runs one operation on a session and records its three times. Shared by both load models so
 * their bookkeeping is identical. A binding that throws (breaking the contract) is counted as
 * ERROR and reported once as a warning; the run goes on. The check of the data an operation read
 * ({@link #checkData}) is not part of its run: each model makes it once the operation is recorded,
 * so the operation's times are the store's call only, and before the operation counts as ended, so
 * that a phase, which ends once its operations have, records every check.
 */
final class OperationRunner {
    private final Clock clock;
    private final AtomicReference<String> firstThrown;
    private final LastAnswer lastAnswer;
    private final ErrorCauses causes;
    private final OperationLog log;
    private final boolean checksData;

    /** A runner that asks each operation whether it has data to check, and tells no one else. */
    OperationRunner(Clock clock, AtomicReference<String> firstThrown) {
        this(clock, firstThrown, null, true, null, OperationLog.NONE);
    }

    OperationRunner(Clock clock, AtomicReference<String> firstThrown, boolean checksData) {
        this(clock, firstThrown, null, checksData, null, OperationLog.NONE);
    }

    OperationRunner(Clock clock, AtomicReference<String> firstThrown, LastAnswer lastAnswer, boolean checksData) {
        this(clock, firstThrown, lastAnswer, checksData, null, OperationLog.NONE);
    }

    /**
     * @param lastAnswer told the completion time of every operation the store answered (OK or
     *     NOT_FOUND), or null when nobody watches for a store that stopped answering
     * @param checksData whether the workload checks what its reads return ({@link Workload#dataChecks}
     *     not null); when not, {@link #checkData(Operation, MeasurementWriter)} asks no operation
     * @param causes told why each failed operation failed (the session's {@link Session#lastFailure}),
     *     or null
     * @param log told every operation once it is recorded ({@link OperationLog#NONE} for none)
     */
    OperationRunner(Clock clock, AtomicReference<String> firstThrown, LastAnswer lastAnswer, boolean checksData,
            ErrorCauses causes, OperationLog log) {
        this.clock = clock;
        this.firstThrown = firstThrown;
        this.lastAnswer = lastAnswer;
        this.checksData = checksData;
        this.causes = causes;
        this.log = log;
    }

    /** Whether the workload's operations may have data to check ({@code dataintegrity}). */
    static boolean checksData(Workload workload) {
        return workload.dataChecks() != null;
    }

    /**
     * False when no operation of the run has data to check: a driver then skips
     * {@link #checkData(Operation, MeasurementWriter)} for all of them (asking each operation costs
     * a call per operation on the hot path).
     */
    boolean checksData() {
        return checksData;
    }

    /** Whether an operation log is told each operation ({@code --record-ops}). */
    boolean logsOperations() {
        return log.enabled();
    }

    /**
     * Executes {@code op} and records it; returns the completion time.
     *
     * @param client the workload client that made it, for the operation log
     */
    long run(Operation op, Session plain, Session measured, MeasurementWriter writer, long intendedStartNanos,
            long actualStartNanos, int client) {
        Status status = call(op, plain, measured);
        long completed = clock.nanoTime();
        writer.record(op.name(), status, intendedStartNanos, actualStartNanos, completed);
        if (lastAnswer != null && LastAnswer.isAnswer(status)) {
            lastAnswer.answered(completed);
        }
        if (log.enabled()) {
            log.ended(op, status, intendedStartNanos, actualStartNanos, completed, client);
        }
        return completed;
    }

    /**
     * Executes {@code op}; a binding that throws or returns no status gives ERROR. A failure's cause
     * (what the session says of it, or what the binding threw) is counted.
     */
    Status call(Operation op, Session plain, Session measured) {
        try {
            Status status = op.execute(op.composite() ? measured : plain);
            if (status == null) {
                firstThrown.compareAndSet(null, op.name() + " returned no status");
                failed(op, Status.ERROR, "the binding returned no status");
                return Status.ERROR;
            }
            if (causes != null && ErrorCauses.isFailure(status)) {
                failed(op, status, plain.lastFailure());
            }
            return status;
        } catch (RuntimeException e) {
            firstThrown.compareAndSet(null, op.name() + " threw " + e);
            failed(op, Status.ERROR, "the binding threw " + e);
            return Status.ERROR;
        }
    }

    private void failed(Operation op, Status status, String why) {
        if (causes != null) {
            causes.failed(op.name(), status, why, clock.nanoTime());
        }
    }

    /**
     * As {@link #checkData(Operation, Clock, MeasurementWriter, AtomicReference)} with this runner's clock;
     * nothing when the workload checks no data ({@link #checksData()}).
     */
    void checkData(Operation op, MeasurementWriter writer) {
        if (checksData) {
            checkData(op, clock, writer, firstThrown);
        }
    }

    /**
     * Checks the data {@code op} read, when it has any ({@link Operation#hasDataToCheck}), and records
     * the check's own time and outcome under {@link DataChecks#NAME}, as an inner call (reported, not
     * counted as an operation): as YCSB times VERIFY apart from READ. Call it after {@code op} was
     * recorded, on the thread that saw it end. A check that throws counts as ERROR.
     */
    static void checkData(Operation op, Clock clock, MeasurementWriter writer, AtomicReference<String> firstThrown) {
        if (!op.hasDataToCheck()) {
            return;
        }
        long start = clock.nanoTime();
        Status status;
        try {
            status = op.checkData();
        } catch (RuntimeException e) {
            firstThrown.compareAndSet(null, op.name() + "'s data check threw " + e);
            status = Status.ERROR;
        }
        writer.recordInner(DataChecks.NAME, status == null ? Status.ERROR : status, start, clock.nanoTime());
    }

    /**
     * Records operations that ran back to back and empties {@code operations}; the last one the
     * store answered tells the stall watch.
     */
    void record(BackToBack operations, MeasurementWriter writer) {
        record(operations, null, writer, 0);
    }

    /**
     * As {@link #record(BackToBack, MeasurementWriter)}; the log is told each of them too, as
     * {@code made[0..]} (the operations in the order they ran), made by {@code client}.
     */
    void record(BackToBack operations, Operation[] made, MeasurementWriter writer, int client) {
        if (made != null && log.enabled()) {
            // Before the writer empties the buffer: its names, statuses and times are the log's too.
            for (int i = 0; i < operations.size(); i++) {
                log.ended(made[i], operations.status(i), operations.start(i), operations.start(i), operations.end(i),
                        client);
            }
        }
        if (lastAnswer != null) {
            for (int i = operations.size() - 1; i >= 0; i--) {
                if (LastAnswer.isAnswer(operations.status(i))) {
                    lastAnswer.answered(operations.end(i));
                    break;
                }
            }
        }
        writer.record(operations);
    }

    /** The warning for the report, or null when no binding misbehaved. */
    static String warning(AtomicReference<String> firstThrown) {
        String s = firstThrown.get();
        return s == null ? null
                : "the binding broke its contract (counted as ERROR, the run went on): " + s;
    }
}
