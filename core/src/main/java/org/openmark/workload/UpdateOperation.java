package org.openmark.workload;

import java.util.Map;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;

/** Writes some fields of one record. */
record UpdateOperation(String table, String key, Map<String, byte[]> values) implements Operation {

    @Override
    public OperationTarget target() {
        return new OperationTarget(table, key, values.size(), OperationTarget.bytesOf(values), 0);
    }

    @Override
    public String name() {
        return "UPDATE";
    }

    @Override
    public Status execute(Session session) {
        return session.update(table, key, values);
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        session.startUpdate(table, key, values, done);
    }
}
