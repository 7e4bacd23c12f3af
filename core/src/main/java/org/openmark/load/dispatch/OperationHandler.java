package org.openmark.load.dispatch;

import org.openmark.workload.Operation;

/**
 * What a worker of a {@link Dispatch} does with each operation it takes: the load model's part
 * (run it and record it, start it on a pipelined session, or pass a warm-up hand-off), given the
 * session of the thread it runs on. Called on the dispatch's threads, one operation per call.
 */
public interface OperationHandler {
    /**
     * Handles {@code operation}, due at {@code intendedStartNanos}, on {@code session}'s thread.
     * A null operation is the load model's own hand-off (its warm-up), told apart by its intended start.
     */
    void run(WorkerSession session, Operation operation, long intendedStartNanos);

    /**
     * Called when the session's thread has run operations and finds none queued: an operation
     * started on a {@link org.openmark.api.PipelinedSession} may have left its request queued
     * to be sent with the next ones. The default does nothing.
     */
    default void flush(WorkerSession session) {
    }
}
