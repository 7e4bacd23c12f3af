package org.openmark.workload;

import java.util.Map;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.generator.AcknowledgedCounterGenerator;

/**
 * A run-phase insert of record number {@code keyNumber}. When it finishes, successfully or not,
 * it acknowledges the number, so the key chooser and the {@code latest} distribution may pick it
 * from then on (YCSB acknowledges failed inserts too, so one failure does not freeze the counter).
 * The driver must execute every insert it takes from a client, or later inserts stay invisible.
 */
record InsertOperation(String table, String key, Map<String, byte[]> values, long keyNumber,
        AcknowledgedCounterGenerator acknowledged) implements Operation {

    @Override
    public OperationTarget target() {
        return new OperationTarget(table, key, values.size(), OperationTarget.bytesOf(values), 0);
    }

    @Override
    public String name() {
        return "INSERT";
    }

    @Override
    public Status execute(Session session) {
        try {
            return session.insert(table, key, values);
        } finally {
            acknowledged.acknowledge(keyNumber);
        }
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    /** Acknowledges the number when the insert has ended (or could not be started). */
    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        try {
            session.startInsert(table, key, values, status -> {
                acknowledged.acknowledge(keyNumber);
                done.completed(status);
            });
        } catch (RuntimeException e) {
            acknowledged.acknowledge(keyNumber);
            throw e;
        }
    }
}
