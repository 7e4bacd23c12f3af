package org.openmark.store.ycsb;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * A session whose binding instance did not start ({@code init()} threw) while the store's first
 * instance had: every call is an ERROR saying why, so the run goes on and counts it instead of
 * losing the operations.
 */
final class FailedSession implements Session {
    private final String failure;

    FailedSession(String failure) {
        this.failure = failure;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
        return Status.ERROR;
    }

    @Override
    public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
        return Status.ERROR;
    }

    @Override
    public Status update(String table, String key, Map<String, byte[]> values) {
        return Status.ERROR;
    }

    @Override
    public Status insert(String table, String key, Map<String, byte[]> values) {
        return Status.ERROR;
    }

    @Override
    public Status delete(String table, String key) {
        return Status.ERROR;
    }

    @Override
    public Status start() {
        return Status.ERROR;
    }

    @Override
    public Status commit() {
        return Status.ERROR;
    }

    @Override
    public String lastFailure() {
        return failure;
    }
}
