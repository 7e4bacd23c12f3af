package org.openmark.api;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One client's connection to a store. A session is used by one thread at a time; the harness
 * keeps a pool of them. Every method returns a {@link Status} and never throws for an
 * ordinary store error (a lost connection, a conflict, a missing key): those are data.
 * Sessions know nothing about timing.
 */
public interface Session extends AutoCloseable {

    /**
     * Reads one record.
     *
     * @param fields the fields to read, or {@code null} for all fields
     * @param result filled with the fields read
     */
    Status read(String table, String key, Set<String> fields, Map<String, byte[]> result);

    /**
     * Reads up to {@code recordCount} records in key order, starting at {@code startKey}
     * (inclusive).
     *
     * @param fields the fields to read, or {@code null} for all fields
     * @param result filled with the records read, in key order
     */
    Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result);

    /**
     * Writes the given fields of an existing record (YCSB semantics: an upsert is allowed). The
     * value arrays are read-only: the harness may hand the same array to many calls, so a store
     * that keeps one keeps it as it is, and none may modify one.
     */
    Status update(String table, String key, Map<String, byte[]> values);

    /** Inserts a new record; the value arrays are read-only, as for {@link #update}. */
    Status insert(String table, String key, Map<String, byte[]> values);

    /** Deletes one record. */
    Status delete(String table, String key);

    /** Begins a transaction; stores without transactions return OK and do nothing. */
    default Status start() {
        return Status.OK;
    }

    /** Commits the current transaction; a failed commit returns {@link Status#ABORTED}. */
    default Status commit() {
        return Status.OK;
    }

    /** Rolls back the current transaction. */
    default Status abort() {
        return Status.OK;
    }

    /** The key {@link #ping} reads: no workload writes it. */
    String PING_KEY = "openmark-ping";

    /**
     * A harmless round trip that tells whether the store answers: the harness calls it before a
     * run starts (and to warm the binding's call path). OK or NOT_FOUND means the store answered.
     * The default reads an absent key of {@code table}; a store whose reads have effects it
     * measures (a simulated store's queue) overrides it.
     */
    default Status ping(String table) {
        return read(table, PING_KEY, null, new java.util.HashMap<>());
    }

    /**
     * What the store said about the last call that did not end OK or NOT_FOUND (for example the
     * driver's exception message), so an error report can name the cause; null when unknown.
     */
    default String lastFailure() {
        return null;
    }

    /** Releases the session's resources. */
    @Override
    default void close() {
    }
}
