package org.openmark.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Reads one record. With data integrity on ({@code integrity} not null) the returned fields are
 * checked and a mismatch yields {@link Status#UNEXPECTED_STATE}.
 *
 * @param fields the fields to read, or null for all
 * @param loaded told the answer when the record is one the load wrote, else null
 */
record ReadOperation(String table, String key, Set<String> fields, DeterministicValues integrity,
        MissingRecords loaded) implements Operation {

    @Override
    public String name() {
        return "READ";
    }

    @Override
    public Status execute(Session session) {
        Map<String, byte[]> result = new HashMap<>();
        Status status = session.read(table, key, fields, result);
        if (loaded != null) {
            loaded.answered(key, status);
        }
        if (!status.isOk() || integrity == null) {
            return status;
        }
        return integrity.verify(key, result);
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        Map<String, byte[]> result = new HashMap<>();
        session.startRead(table, key, fields, result, status -> {
            if (loaded != null) {
                loaded.answered(key, status);
            }
            done.completed(!status.isOk() || integrity == null ? status : integrity.verify(key, result));
        });
    }
}
