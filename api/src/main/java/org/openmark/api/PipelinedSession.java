package org.openmark.api;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A session that can also <em>start</em> a call and be told its outcome later, so that one
 * thread keeps many calls in flight: for a binding whose protocol pipelines requests on a
 * connection (replies matched by request id). The harness's open model starts its single-call
 * operations this way in real time, so no thread waits for a reply; everything else (composite
 * operations, transactions, the closed model, virtual time) uses the blocking methods of
 * {@link Session}.
 *
 * <p>The rules of {@link Session} hold: a store error is a {@link Status}, never an exception.
 * Each started call's {@link Completion} is told exactly once, on a thread of the binding's
 * (possibly at once, on the caller's thread, when the call cannot be sent); it must be short and
 * must not block. A result collection is filled before its completion is told. Like every
 * session, it is used by one thread at a time; completions may run on other threads meanwhile.
 */
public interface PipelinedSession extends Session {

    /** What a started call tells when it has ended. */
    @FunctionalInterface
    interface Completion {
        /** The call ended with {@code status}; its result (if any) is filled. */
        void completed(Status status);
    }

    /** Starts {@link #read}. */
    void startRead(String table, String key, Set<String> fields, Map<String, byte[]> result, Completion done);

    /** Starts {@link #scan}. */
    void startScan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result,
            Completion done);

    /** Starts {@link #update}. */
    void startUpdate(String table, String key, Map<String, byte[]> values, Completion done);

    /** Starts {@link #insert}. */
    void startInsert(String table, String key, Map<String, byte[]> values, Completion done);

    /** Starts {@link #delete}. */
    void startDelete(String table, String key, Completion done);

    /**
     * Sends what the calls started so far left queued: a binding may hold started requests back
     * to send several in one write, and then sends them here at the latest. The harness calls it
     * when it has no more operations due; the default does nothing.
     */
    default void flush() {
    }
}
