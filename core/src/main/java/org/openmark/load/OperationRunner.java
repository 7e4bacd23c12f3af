package org.openmark.load;

import java.util.concurrent.atomic.AtomicReference;
import org.openmark.api.Clock;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.measure.BackToBack;
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
    private final boolean checksData;

    OperationRunner(Clock clock, AtomicReference<String> firstThrown, boolean checksData) {
        this(clock, firstThrown, null, checksData);
    }

    /**
     * @param lastAnswer told the completion time of every operation the store answered (OK or
     *     NOT_FOUND), or null when nobody watches for a store that stopped answering
     * @param checksData whether the workload checks what its reads return ({@link Workload#dataChecks}
     *     not null); when not, {@link #checkData(Operation, MeasurementWriter)} asks no operation
     */
    OperationRunner(Clock clock, AtomicReference<String> firstThrown, LastAnswer lastAnswer, boolean checksData) {
        this.clock = clock;
        this.firstThrown = firstThrown;
        this.lastAnswer = lastAnswer;
        this.checksData = checksData;
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

    /** Executes {@code op} and records it; returns the completion time. */
    long run(Operation op, Session plain, Session measured, MeasurementWriter writer, long intendedStartNanos,
            long actualStartNanos) {
        Status status = call(op, plain, measured);
        long completed = clock.nanoTime();
        writer.record(op.name(), status, intendedStartNanos, actualStartNanos, completed);
        if (lastAnswer != null && LastAnswer.isAnswer(status)) {
            lastAnswer.answered(completed);
        }
        return completed;
    }

    /** Executes {@code op}; a binding that throws or returns no status gives ERROR. */
    Status call(Operation op, Session plain, Session measured) {
        try {
            Status status = op.execute(op.composite() ? measured : plain);
            if (status == null) {
                firstThrown.compareAndSet(null, op.name() + " returned no status");
                return Status.ERROR;
            }
            return status;
        } catch (RuntimeException e) {
            firstThrown.compareAndSet(null, op.name() + " threw " + e);
            return Status.ERROR;
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
