package org.openmark.workload;

import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;

/** Deletes one record (an openmark extension: {@code deleteproportion}). */
record DeleteOperation(String table, String key) implements Operation {

    @Override
    public OperationTarget target() {
        return new OperationTarget(table, key, 0, 0, 0);
    }

    @Override
    public String name() {
        return "DELETE";
    }

    @Override
    public Status execute(Session session) {
        return session.delete(table, key);
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        session.startDelete(table, key, done);
    }
}
