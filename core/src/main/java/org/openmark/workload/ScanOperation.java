package org.openmark.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Reads up to {@code recordCount} records from {@code startKey} on.
 *
 * @param fields the fields to read, or null for all
 */
record ScanOperation(String table, String startKey, int recordCount, Set<String> fields) implements Operation {

    @Override
    public OperationTarget target() {
        return new OperationTarget(table, startKey, OperationTarget.fieldCountOf(fields), 0, recordCount);
    }

    @Override
    public String name() {
        return "SCAN";
    }

    @Override
    public Status execute(Session session) {
        List<Record> result = new ArrayList<>();
        return session.scan(table, startKey, recordCount, fields, result);
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        session.startScan(table, startKey, recordCount, fields, new ArrayList<>(), done);
    }
}
