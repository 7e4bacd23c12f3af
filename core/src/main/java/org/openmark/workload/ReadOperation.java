package org.openmark.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.openmark.api.PipelinedSession;
import org.openmark.api.Session;
import org.openmark.api.Status;

/**
 * Reads one record. Its status is the store's answer. With data integrity on ({@code checks} not
 * null) a read the store answered OK keeps the fields it returned, for the driver to check after
 * it recorded the read ({@link #hasDataToCheck}). Run once (a transaction may run it again: each
 * run keeps its own answer).
 */
final class ReadOperation implements Operation {
    private final String table;
    private final String key;
    private final Set<String> fields;
    private final DataChecks checks;
    private final MissingRecords loaded;
    /** What the last run read, and its status, with data checks only; set on the thread that saw the read end. */
    private Map<String, byte[]> cells;
    private Status status;

    /**
     * @param fields the fields to read, or null for all
     * @param checks the data checks (data integrity on), or null
     * @param loaded told the answer when the record is one the load wrote, else null
     */
    ReadOperation(String table, String key, Set<String> fields, DataChecks checks, MissingRecords loaded) {
        this.table = table;
        this.key = key;
        this.fields = fields;
        this.checks = checks;
        this.loaded = loaded;
    }

    String table() {
        return table;
    }

    String key() {
        return key;
    }

    /** The fields to read, or null for all. */
    Set<String> fields() {
        return fields;
    }

    @Override
    public String name() {
        return "READ";
    }

    @Override
    public Status execute(Session session) {
        Map<String, byte[]> result = new HashMap<>();
        return answered(result, session.read(table, key, fields, result));
    }

    @Override
    public boolean pipelinable() {
        return true;
    }

    @Override
    public void start(PipelinedSession session, PipelinedSession.Completion done) {
        Map<String, byte[]> result = new HashMap<>();
        session.startRead(table, key, fields, result, status -> done.completed(answered(result, status)));
    }

    private Status answered(Map<String, byte[]> result, Status answer) {
        if (loaded != null && answer != null) {
            loaded.answered(key, answer);
        }
        if (checks != null) {
            // Kept only to be checked: otherwise the map stays the call's own, which the JIT may
            // then leave unallocated when the store fills nothing (issue 48 cost the noop store's
            // closed model ~10 % by keeping it always).
            cells = result;
            status = answer;
        }
        return answer;
    }

    @Override
    public OperationTarget target() {
        Map<String, byte[]> read = cells;
        return new OperationTarget(table, key, OperationTarget.fieldCountOf(fields), OperationTarget.bytesOf(read), 0);
    }

    @Override
    public boolean hasDataToCheck() {
        return checks != null && status != null && status.isOk();
    }

    @Override
    public Status checkData() {
        return checks.check(key, cells);
    }

    @Override
    public String toString() {
        return "READ " + key + " " + fields;
    }
}
